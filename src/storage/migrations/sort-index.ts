import type { Dialect } from '../schema.js';

/**
 * `CREATE INDEX` over columns a list may sort by. Sorts put NULLs first ascending
 * (where-sql.ts); PostgreSQL needs its indexes built that way to use them.
 */
export const sortIndexStatement = (dialect: Dialect, name: string, table: string, columns: string[]): string =>
  `CREATE INDEX ${name} ON ${table} (${columns.map((c) => (dialect === 'postgres' ? `${c} NULLS FIRST` : c)).join(', ')})`;
