import type { Options } from 'csv-stringify/sync';
import { PRODUCT_COLUMNS, cellOf } from '../../domain/product-columns.js';
import { neutraliseCell } from '../../domain/spreadsheet-cells.js';

/**
 * An export's pages of documents as the text of a file: CSV (RFC 4180 by csv-stringify, one
 * column per field of the registry, cells neutralised against formula injection), a JSON array,
 * or NDJSON (one document a line). UTF-8 throughout; a CSV file may begin with a byte order
 * mark, by which spreadsheet programs recognise UTF-8.
 */

export type ExportFormat = 'csv' | 'json' | 'ndjson';
export const EXPORT_FORMATS: readonly ExportFormat[] = ['csv', 'json', 'ndjson'];

export const EXPORT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
  ndjson: 'application/x-ndjson; charset=utf-8',
};

const CSV_OPTIONS: Options = {
  record_delimiter: 'windows',
  // An empty text is `""`, no value an empty cell (the import tells them apart); a line break
  // inside a cell is quoted whatever the record delimiter.
  quoted_match: [/^$/, /[\r\n]/],
};

type Stringify = typeof import('csv-stringify/sync').stringify;

const csvRow = (doc: Record<string, unknown>): (string | undefined)[] => PRODUCT_COLUMNS.map((column) => cellOf(doc, column));

/** A CSV file's columns: its header, and a document's cells (undefined for an empty one). */
export interface CsvLayout<Doc> {
  header: readonly string[];
  cells: (doc: Doc) => (string | undefined)[];
}

const PRODUCT_LAYOUT: CsvLayout<Record<string, unknown>> = { header: PRODUCT_COLUMNS.map((column) => column.path), cells: csvRow };

/** `layout`: the CSV columns of another collection's documents (bookings); the products' by default. Cells are neutralised either way. */
export async function* exportText<Doc extends object = Record<string, unknown>>(
  pages: AsyncIterable<Doc[]>,
  format: ExportFormat,
  options: { bom?: boolean; layout?: CsvLayout<Doc> } = {},
): AsyncGenerator<string> {
  if (format === 'csv') {
    // Loaded by the first CSV export, not by every start-up.
    const { stringify }: { stringify: Stringify } = await import('csv-stringify/sync');
    const csvRecords = (records: (string | undefined)[][]): string => stringify(records, CSV_OPTIONS);
    const layout = options.layout ?? (PRODUCT_LAYOUT as unknown as CsvLayout<Doc>);
    const row = (doc: Doc) => layout.cells(doc).map((cell) => (cell === undefined ? undefined : neutraliseCell(cell)));
    yield (options.bom ? '\uFEFF' : '') + csvRecords([[...layout.header]]);
    for await (const docs of pages) yield csvRecords(docs.map(row));
    return;
  }
  if (format === 'ndjson') {
    for await (const docs of pages) yield docs.map((doc) => `${JSON.stringify(doc)}\n`).join('');
    return;
  }
  let first = true;
  yield '[';
  for await (const docs of pages) {
    if (docs.length === 0) continue;
    yield `${first ? '\n' : ',\n'}${docs.map((doc) => JSON.stringify(doc)).join(',\n')}`;
    first = false;
  }
  yield first ? ']\n' : '\n]\n';
}
