import type { Product } from '../api/products.js';

/** The editor's fields as the inputs hold them (text), one per field of SPEC 2. */
export interface ProductForm {
  id: string;
  product_name: string;
  product_desc: string;
  location: string;
  rent_owner: string;
  internal_name: string;
  price: string;
  caution: string;
  time_unit: string;
  selectedTerm: string;
  published: boolean;
  slug: string;
  seo: string;
  legacy: string;
}

export const ownerId = (product: Product): string => {
  const owner = product.basic.rent_owner;
  return typeof owner === 'object' && owner ? owner.id : (owner ?? '');
};

const json = (value: unknown) => (value && typeof value === 'object' && Object.keys(value).length > 0 ? JSON.stringify(value, null, 2) : '');

export function formOf(product: Product | null, owner: string): ProductForm {
  return {
    id: product?.id ?? '',
    product_name: product?.basic.product_name ?? '',
    product_desc: product?.basic.product_desc ?? '',
    location: product?.basic.location ?? '',
    rent_owner: product ? ownerId(product) : owner,
    internal_name: product?.internal_name ?? '',
    price: product?.additional?.price === undefined ? '' : String(product.additional.price),
    caution: product?.additional?.caution === undefined ? '' : String(product.additional.caution),
    time_unit: product?.additional?.time_unit ?? '',
    selectedTerm: product?.additional?.selectedTerm ?? '',
    published: product?.settings.published ?? false,
    slug: product?.settings.slug ?? '',
    seo: json(product?.seo),
    legacy: json(product?.legacy),
  };
}

/** Where each API field path is edited (errors go next to that input). */
export const INPUT_OF_FIELD: Record<string, string> = {
  id: 'product-id',
  internal_name: 'internal_name',
  'basic.product_name': 'product_name',
  'basic.product_desc': 'product_desc',
  'basic.location': 'location',
  'basic.rent_owner': 'rent_owner',
  'additional.price': 'price',
  'additional.caution': 'caution',
  'additional.time_unit': 'time_unit',
  'additional.selectedTerm': 'selectedTerm',
  'settings.published': 'published',
  'settings.slug': 'slug',
  seo: 'seo',
  legacy: 'legacy',
};

/** The input an API field path belongs to: `seo.title` is edited in the SEO box. */
export function inputOfField(field: string): string | undefined {
  if (INPUT_OF_FIELD[field]) return INPUT_OF_FIELD[field];
  const top = field.split('.')[0] ?? '';
  return top === 'seo' || top === 'legacy' ? top : undefined;
}

type Problems = Record<string, string[]>;

const numberOrEmpty = (text: string): number | undefined | null => {
  if (text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 ? value : null;
};

const objectOrEmpty = (text: string): Record<string, unknown> | undefined | null => {
  if (text.trim() === '') return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

const text = (value: string) => (value === '' ? undefined : value);

/**
 * The product document the form describes, or the inputs that cannot become one (a price that
 * is not a number, SEO data that is not JSON): only those are caught here; every other rule
 * is the API's, and its 400 is shown by the field it names.
 */
export function documentOf(form: ProductForm, messages: { notNumber: string; jsonInvalid: string }): { document: Record<string, unknown>; problems: Problems } {
  const problems: Problems = {};
  const price = numberOrEmpty(form.price);
  const caution = numberOrEmpty(form.caution);
  const seo = objectOrEmpty(form.seo);
  const legacy = objectOrEmpty(form.legacy);
  if (price === null) problems['additional.price'] = [messages.notNumber];
  if (caution === null) problems['additional.caution'] = [messages.notNumber];
  if (seo === null) problems.seo = [messages.jsonInvalid];
  if (legacy === null) problems.legacy = [messages.jsonInvalid];
  const document = {
    internal_name: text(form.internal_name),
    basic: { product_name: form.product_name, product_desc: text(form.product_desc), location: text(form.location), rent_owner: text(form.rent_owner) },
    additional: { price: price ?? undefined, caution: caution ?? undefined, time_unit: text(form.time_unit), selectedTerm: text(form.selectedTerm) },
    settings: { published: form.published, slug: text(form.slug) },
    seo: seo ?? undefined,
    legacy: legacy ?? undefined,
  };
  return { document, problems };
}

/** A document without its undefined fields and empty groups (SEO and legacy data are kept as written). */
export function compact(document: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(document)) {
    if (value === undefined) continue;
    if (value && typeof value === 'object' && !Array.isArray(value) && key !== 'seo' && key !== 'legacy') {
      const inner = compact(value as Record<string, unknown>);
      if (Object.keys(inner).length > 0) result[key] = inner;
    } else {
      result[key] = value;
    }
  }
  return result;
}
