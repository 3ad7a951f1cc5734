import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import type { CastingContext } from 'csv-parse';
import { APIError, ValidationError, type ErrorItem } from '../../errors/api-error.js';
import { Errors } from '../../errors/codes.js';
import { headerColumns, rowData, type Cell } from '../../domain/product-columns.js';
import { isPlainObject, type JsonObject } from '../../domain/merge.js';
import { restoreCell } from '../../domain/spreadsheet-cells.js';
import { checkJsonShape } from '../../domain/json-shape.js';

/**
 * The rows of a product file: CSV (the export's columns), a JSON array of products, or NDJSON
 * (one product a line), each read as a stream. A row holds a product's data, or what kept it
 * from being read (a cell that is not a number, a row with the wrong number of cells, a line
 * that is not JSON), naming the field. What makes the rest of a file unreadable (an unclosed
 * quote, a JSON syntax error, an unknown column) is a 400 for the whole file.
 */

export type ImportFormat = 'csv' | 'json' | 'ndjson';
export const IMPORT_FORMATS: readonly ImportFormat[] = ['csv', 'json', 'ndjson'];

export interface SourceRow {
  /** 1 for the first product of the file (a CSV file's header is not a row). */
  row: number;
  data?: JsonObject;
  /** Why (some of) the row could not be read; `data` then holds the rest. */
  errors: ErrorItem[];
}

/** A file that can be read more than once: an upload kept on disk, or a file the command line names. */
export type ImportFile = () => Readable;

const BOM = '\uFEFF';

/** The first line of a file (its CSV header), read from its first chunk. */
async function firstLine(file: ImportFile): Promise<string> {
  const stream = file().setEncoding('utf8');
  try {
    for await (const chunk of stream) {
      const text = chunk as string;
      const end = text.indexOf('\n');
      return end === -1 ? text : text.slice(0, end);
    }
    return '';
  } finally {
    stream.destroy();
  }
}

/** `;` when the header is separated by semicolons (as Excel writes CSV in Czech and other locales), else `,`. */
export function delimiterOf(header: string): ',' | ';' {
  const count = (char: string) => header.split(char).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

/** A JSON value read from a file, checked as request bodies are (no `__proto__` keys, bounded nesting). */
function checkedJson(value: unknown): { data?: JsonObject; errors: ErrorItem[] } {
  if (!isPlainObject(value)) return { errors: [{ message: 'Must be a JSON object (one product).' }] };
  try {
    checkJsonShape(value);
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    return { errors: error.items };
  }
  return { data: value, errors: [] };
}

const asCell = (value: string, context: CastingContext): Cell => ({ text: value, quoted: context.quoting });

// The parsers are loaded by the first import that needs them, not by every start-up.
async function* csvRows(file: ImportFile): AsyncGenerator<SourceRow> {
  const { CsvError, parse } = await import('csv-parse');
  const delimiter = delimiterOf((await firstLine(file)).replace(BOM, ''));
  const input = file();
  // Records of any length: a row with too few or too many cells is that row's error, not the file's.
  const parser = parse({ bom: true, delimiter, relax_column_count: true, skip_empty_lines: true, cast: asCell });
  input.on('error', (error) => parser.destroy(error));
  input.pipe(parser);
  let header: ReturnType<typeof headerColumns>['columns'] | undefined;
  let row = 0;
  try {
    for await (const record of parser as AsyncIterable<Cell[]>) {
      if (!header) {
        const named = headerColumns(record.map((cell) => cell.text));
        if (named.errors.length > 0) throw new ValidationError(named.errors);
        header = named.columns;
        continue;
      }
      row++;
      if (record.length !== header.length) {
        yield { row, errors: [{ message: `The row has ${record.length} cells and the header ${header.length}.` }] };
        continue;
      }
      const cells = record.map((cell) => ({ text: restoreCell(cell.text), quoted: cell.quoted }));
      yield { row, ...rowData(header, cells, { decimalComma: delimiter === ';', checkJson: checkJsonShape }) };
    }
  } catch (error) {
    if (error instanceof CsvError) throw Errors.IMPORT_FILE_INVALID(`The file is not valid CSV: ${error.message}`);
    throw error;
  } finally {
    input.destroy();
  }
  if (!header) throw Errors.IMPORT_FILE_INVALID('The file is empty: a CSV file begins with a header row of field paths (basic.product_name, additional.price, …).');
}

async function* jsonRows(file: ImportFile): AsyncGenerator<SourceRow> {
  const { JSONParser } = await import('@streamparser/json');
  const parser = new JSONParser({ paths: ['$.*'], keepStack: false });
  const values: unknown[] = [];
  let topLevel: 'unknown' | 'array' | 'other' = 'unknown';
  parser.onValue = ({ value, key }) => {
    if (typeof key === 'string') topLevel = 'other';
    else values.push(value);
  };
  const notArray = () => Errors.IMPORT_FILE_INVALID('The file must be a JSON array of products (or NDJSON: one product a line).');
  // Decoded as a stream, so that a character split between two chunks is read whole.
  const input = file().setEncoding('utf8');
  let row = 0;
  try {
    let first = true;
    for await (const chunk of input) {
      let text = chunk as string;
      if (first) {
        text = text.replace(BOM, '');
        const start = text.trimStart();
        if (start !== '') {
          first = false;
          if (!start.startsWith('[')) throw notArray();
          topLevel = 'array';
        }
      }
      parser.write(text);
      for (const value of values.splice(0)) yield { row: ++row, ...checkedJson(value) };
    }
    if (first) throw Errors.IMPORT_FILE_INVALID('The file is empty.');
    // The parser ends by itself after the array's `]`; ending it again is an error.
    if (!parser.isEnded) parser.end();
  } catch (error) {
    if (error instanceof APIError) throw error;
    throw Errors.IMPORT_FILE_INVALID(`The file is not valid JSON: ${(error as Error).message}`);
  } finally {
    input.destroy();
  }
  if (topLevel !== 'array') throw notArray();
}

async function* ndjsonRows(file: ImportFile): AsyncGenerator<SourceRow> {
  const input = file();
  const lines = createInterface({ input, crlfDelay: Infinity });
  let row = 0;
  try {
    for await (const raw of lines) {
      const line = row === 0 ? raw.replace(BOM, '') : raw;
      if (line.trim() === '') continue;
      row++;
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        yield { row, errors: [{ message: 'The line is not valid JSON.' }] };
        continue;
      }
      yield { row, ...checkedJson(value) };
    }
  } finally {
    lines.close();
    input.destroy();
  }
}

/** The rows of a file in one of the formats. */
export function sourceRows(file: ImportFile, format: ImportFormat): AsyncGenerator<SourceRow> {
  if (format === 'csv') return csvRows(file);
  if (format === 'json') return jsonRows(file);
  return ndjsonRows(file);
}
