import type { ListQuery } from '../../domain/list-query.js';
import { readableBy, type Grant } from '../../operations/access.js';
import type { ProductDoc } from '../../domain/product-schema.js';
import { matches, type ColumnValues } from '../../domain/where/matches.js';
import type { WhereNode } from '../../domain/where/types.js';
import { toRecord } from '../../storage/product-record.js';
import type { ProductDocRow, ProductFilter, ProductReadRow } from '../../storage/products-repository.js';

/** What a list query reads in storage: the grant's filter with the query's own. */
export function filterFor(grant: Grant, query: Omit<ListQuery, 'sort' | 'limit' | 'page' | 'depth'>): ProductFilter {
  return { ...readableBy(grant, query.where), searchWords: query.searchWords, available: query.available, ...(query.reserved ? { reserved: query.reserved } : {}) };
}

function columnsOf(row: ProductReadRow): ColumnValues {
  const { doc: _doc, owner_name: _name, owner_profile: _profile, ...columns } = row;
  return columns;
}

/** Side-table columns are not in the read row; a filter on them (rare) looks at the document. */
function withSideColumns(columns: ColumnValues, row: ProductDocRow): ColumnValues {
  const record = toRecord(JSON.parse(row.doc) as ProductDoc);
  return { ...columns, ...record.texts };
}

/** Whether a filter looks at the product_texts side table, whose columns a read row lacks. */
function usesSideTable(node: WhereNode): boolean {
  if (node.kind === 'and' || node.kind === 'or') return node.children.some(usesSideTable);
  return node.field.sideTable !== undefined;
}

/** Whether a stored product passes a filter (an access rule), evaluated in memory as SQL would: no query per check. */
export const rowMatches = (where: WhereNode, row: ProductReadRow): boolean =>
  matches(where, usesSideTable(where) ? withSideColumns(columnsOf(row), row) : columnsOf(row));
