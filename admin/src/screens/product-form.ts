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
  /** SPEC 8's rules: ISO 8601 durations as typed. */
  min_duration: string;
  max_duration: string;
  buffer_before: string;
  buffer_after: string;
  lead_time: string;
  /** One tier a line, `min_units = price`. */
  price_tiers: string;
  published: boolean;
  slug: string;
  seo: string;
  legacy: string;
}

export const ownerId = (product: Product): string => {
  const owner = product.basic.rent_owner;
  return typeof owner === 'object' && owner ? owner.id : (owner ?? '');
};

type Tier = { min_units: number; price: number };
const RULES = ['min_duration', 'max_duration', 'buffer_before', 'buffer_after', 'lead_time'] as const;

const tiersText = (tiers: Tier[] | undefined) => (tiers ?? []).map((tier) => `${tier.min_units} = ${tier.price}`).join('\n');

/** `3 = 90` lines as tiers; null when a line is not one (the API checks the order and the bounds). */
function tiersOf(text: string): Tier[] | undefined | null {
  const lines = text.split('\n').map((line) => line.trim()).filter(Boolean);
  if (lines.length === 0) return undefined;
  const tiers: Tier[] = [];
  for (const line of lines) {
    const match = /^(\d+)\s*[=:]\s*(\d+(?:[.,]\d+)?)$/.exec(line);
    if (!match) return null;
    tiers.push({ min_units: Number(match[1]), price: Number((match[2] ?? '').replace(',', '.')) });
  }
  return tiers;
}

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
    ...(Object.fromEntries(RULES.map((rule) => [rule, (product?.additional as Record<string, unknown> | undefined)?.[rule] ?? ''])) as Record<(typeof RULES)[number], string>),
    price_tiers: tiersText((product?.additional as { price_tiers?: Tier[] } | undefined)?.price_tiers),
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
  'additional.min_duration': 'min_duration',
  'additional.max_duration': 'max_duration',
  'additional.buffer_before': 'buffer_before',
  'additional.buffer_after': 'buffer_after',
  'additional.lead_time': 'lead_time',
  'additional.price_tiers': 'price_tiers',
  'settings.published': 'published',
  'settings.slug': 'slug',
  seo: 'seo',
  legacy: 'legacy',
};

/** The input an API field path belongs to: `seo.title` is edited in the SEO box. */
export function inputOfField(field: string): string | undefined {
  if (INPUT_OF_FIELD[field]) return INPUT_OF_FIELD[field];
  if (field.startsWith('additional.price_tiers.')) return 'price_tiers';
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
export function documentOf(form: ProductForm, messages: { notNumber: string; jsonInvalid: string; tiersInvalid: string }): { document: Record<string, unknown>; problems: Problems } {
  const problems: Problems = {};
  const price = numberOrEmpty(form.price);
  const caution = numberOrEmpty(form.caution);
  const seo = objectOrEmpty(form.seo);
  const legacy = objectOrEmpty(form.legacy);
  if (price === null) problems['additional.price'] = [messages.notNumber];
  if (caution === null) problems['additional.caution'] = [messages.notNumber];
  if (seo === null) problems.seo = [messages.jsonInvalid];
  if (legacy === null) problems.legacy = [messages.jsonInvalid];
  const tiers = tiersOf(form.price_tiers);
  if (tiers === null) problems['additional.price_tiers'] = [messages.tiersInvalid];
  const rules = Object.fromEntries(RULES.map((rule) => [rule, text(form[rule].trim())]));
  const document = {
    internal_name: text(form.internal_name),
    basic: { product_name: form.product_name, product_desc: text(form.product_desc), location: text(form.location), rent_owner: text(form.rent_owner) },
    additional: { price: price ?? undefined, caution: caution ?? undefined, time_unit: text(form.time_unit), selectedTerm: text(form.selectedTerm), ...rules, price_tiers: tiers ?? undefined },
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
