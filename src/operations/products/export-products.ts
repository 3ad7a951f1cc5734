import type { FieldSpec } from '../../domain/field-registry.js';
import { PRODUCT_FIELDS } from '../../domain/product-fields.js';
import type { Interval } from '../../domain/reservations.js';
import { after, keysUntilUnique } from '../../domain/where/keyset.js';
import type { FieldDef, Scalar, SortKey, WhereNode } from '../../domain/where/types.js';
import type { ProductFilter, ProductReadRow } from '../../storage/products-repository.js';
import { readableBy } from '../access.js';
import type { Caller, Services } from '../context.js';
import { productGrant } from './product-access.js';
import { applyAfterRead } from './read-hooks.js';
import type { RenderedProduct } from '../../read-model/products/render.js';

/**
 * GET /api/products/export and `products:export`: every product a list with the same `where`,
 * `q`, availability and `sort` would show the caller, at depth 0 (owner and gallery as ids, so
 * that the file imports back), with the afterRead hooks applied as the list applies them.
 *
 * Read a page at a time, each page starting after the last product of the one before (keyset
 * paging, see domain/where/keyset.ts): memory stays that of one page however many products
 * there are, and a deep page costs what the first does.
 */

export interface ExportQuery {
  where?: WhereNode;
  sort: SortKey[];
  searchWords: string[];
  available?: Interval;
}

/**
 * Products a page: ~200 KB of documents. A page's rows, documents and text then die in V8's
 * young generation (2 MB, `npm start`); pages of 500 (~1 MB, three copies in flight) outlived
 * it, were promoted, and grew the old generation by ~40 MB for the export's length.
 */
export const EXPORT_PAGE = 100;

const NOT_NULL = new Set((PRODUCT_FIELDS as readonly FieldSpec[]).flatMap((field) => (field.column?.notNull ? [field.path] : [])));
const notNull = (field: FieldDef) => NOT_NULL.has(field.path);

const sortValues = (row: ProductReadRow, sort: SortKey[]): (Scalar | null)[] =>
  sort.map(({ field }) => ((row as unknown as Record<string, Scalar | null | undefined>)[field.column] ?? null));

async function* pages(services: Services, caller: Caller, filter: ProductFilter, sort: SortKey[]): AsyncGenerator<RenderedProduct[]> {
  let from: WhereNode | undefined;
  for (;;) {
    const parts = [filter.where, from].filter((part): part is WhereNode => part !== undefined);
    const where: WhereNode | undefined = parts.length > 1 ? { kind: 'and', children: parts } : parts[0];
    const rows = await services.storage.products.list({ ...filter, where }, sort, EXPORT_PAGE, 0);
    if (rows.length > 0) yield await applyAfterRead(services, caller, await services.readModel.render(rows, 0));
    const last = rows[rows.length - 1];
    if (rows.length < EXPORT_PAGE || !last) return;
    from = after(sort, sortValues(last, sort), notNull);
  }
}

async function filterFor(services: Services, caller: Caller, query: ExportQuery): Promise<ProductFilter> {
  const grant = await productGrant(services.config.access.products.read, { user: caller.user });
  return { ...readableBy(grant, query.where), searchWords: query.searchWords, available: query.available };
}

/** The caller's products as pages of documents; the read access is decided (401/403) before the first page is asked for. */
export async function exportProducts(services: Services, caller: Caller, query: ExportQuery): Promise<AsyncGenerator<RenderedProduct[]>> {
  return pages(services, caller, await filterFor(services, caller, query), keysUntilUnique(query.sort));
}

/** How many products an export holds (as its first page is read: writes meanwhile may change it). */
export async function exportCount(services: Services, caller: Caller, query: ExportQuery): Promise<number> {
  return services.storage.products.count(await filterFor(services, caller, query));
}
