import { ValidationError, asClientError, type ErrorItem } from '../../errors/api-error.js';
import { Errors } from '../../errors/codes.js';
import type { ProductDoc } from '../../domain/product-schema.js';
import { toRecord } from '../../storage/product-record.js';
import type { Caller, Services } from '../context.js';
import { productLocks } from '../keyed-lock.js';
import { planRow, writeRow, type ImportMode, type ImportRowInput, type RowStatus } from './import-row.js';
import { BatchedImportWrites, type Written } from './import-batch.js';
import { sourceRows, type ImportFile, type ImportFormat, type SourceRow } from './import-sources.js';

/**
 * POST /api/products/import and `products:import`: a file of products, each row validated as
 * POST /api/products/:id validates it (import-row.ts), answered with a report per row.
 *
 * The file is read first on its own: a file over the row limit (413) or one that cannot be
 * parsed (400) is refused before anything is written. Then:
 * - a real import writes each valid row and reports the invalid ones;
 * - a dry run checks every row and writes nothing;
 * - an atomic import checks every row, and writes only if all are valid; should a write still
 *   fail (the database changed between the two passes), the rows already written are put back
 *   as they were, newest first, so the catalogue never keeps part of an atomic import.
 */

export interface ImportOptions {
  format: ImportFormat;
  mode: ImportMode;
  dryRun: boolean;
  atomic: boolean;
  /** Beyond this many rows the file is refused (413); no limit when undefined (the command line). */
  maxRows?: number;
  /** The importer is no account (the command line without --owner): each new product names its owner. */
  ownerless?: boolean;
  onProgress?: (progress: { phase: 'checking' | 'writing'; done: number; total: number }) => void;
}

export interface RowReport {
  row: number;
  id: string | null;
  status: RowStatus | 'error';
  /** The status the same request would have had (400, 403, 409…), for an error. */
  code?: number;
  errors: ErrorItem[];
}

export interface ImportTotals {
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  errors: number;
}

export interface ImportReport {
  mode: ImportMode;
  dryRun: boolean;
  atomic: boolean;
  /** Whether the rows reported created or updated are stored: false for a dry run and for an atomic import that failed. */
  committed: boolean;
  totals: ImportTotals;
  rows: RowReport[];
}

type Act = (input: ImportRowInput) => Promise<Written>;

/** Reads the whole file once: its number of rows, or the 400 of a file that cannot be parsed. */
async function countRows(file: ImportFile, format: ImportFormat, maxRows: number | undefined): Promise<number> {
  let rows = 0;
  for await (const source of sourceRows(file, format)) {
    rows = source.row;
    if (maxRows !== undefined && rows > maxRows) throw Errors.IMPORT_TOO_MANY_ROWS(maxRows);
  }
  return rows;
}

/** A row that could be read only in part: what could not be read, and what the rest of it would be refused for. */
async function unreadableRow(services: Services, caller: Caller, source: SourceRow, input: ImportRowInput | undefined, mode: ImportMode): Promise<ErrorItem[]> {
  if (!input) return source.errors;
  try {
    await planRow(services, caller, { ...input, mode }, new Map());
  } catch (error) {
    if (!(error instanceof ValidationError)) return source.errors;
    const named = new Set(source.errors.map((item) => item.field));
    return [...source.errors, ...error.items.filter((item) => !named.has(item.field))];
  }
  return source.errors;
}

function errorReport(services: Services, report: RowReport, error: unknown): RowReport {
  const client = asClientError(error);
  if (client) return { ...report, status: 'error', code: client.status, errors: client.items };
  services.log.warn({ err: error, row: report.row }, 'an import row failed unexpectedly');
  return { ...report, status: 'error', code: 500, errors: [{ message: 'An unexpected fault occurred while importing this row.' }] };
}

/**
 * Each row of the file through `act`, in order, reported. A later row with the id of an
 * earlier one is an error (a product appears once in a file). `stopOnError`: stop at the first
 * row that fails, reporting the rows so far.
 */
async function eachRow(
  services: Services,
  caller: Caller,
  file: ImportFile,
  options: ImportOptions & { total: number; phase: 'checking' | 'writing'; stopOnError?: boolean; flush?: () => Promise<void> },
  act: Act,
): Promise<RowReport[]> {
  const firstRowOf = new Map<string, number>();
  const reports: RowReport[] = [];
  /** Rows whose outcome waits for their batch's write, by their index in `reports`. */
  const waiting: Promise<void>[] = [];
  let done = 0;
  const progress = () => options.onProgress?.({ phase: options.phase, done: ++done, total: options.total });
  for await (const source of sourceRows(file, options.format)) {
    const id = typeof source.data?.id === 'string' ? source.data.id : undefined;
    const input = source.data && { id, body: source.data, mode: options.mode, ownerless: options.ownerless };
    let report: RowReport = { row: source.row, id: id ?? null, status: 'error', errors: [] };
    try {
      const first = id === undefined ? undefined : firstRowOf.get(id);
      if (first !== undefined) throw Errors.IMPORT_DUPLICATE_ROW(first);
      if (id !== undefined) firstRowOf.set(id, source.row);
      if (!input || source.errors.length > 0) {
        report = { ...report, code: 400, errors: await unreadableRow(services, caller, source, input, options.mode) };
      } else {
        const written = await act(input);
        if ('later' in written) {
          const index = reports.push(report) - 1;
          const pending = report;
          waiting.push(
            written.later.then(
              (outcome) => void (reports[index] = { ...pending, id: outcome.id ?? null, status: outcome.status }),
              (error: unknown) => void (reports[index] = errorReport(services, pending, error)),
            ).then(progress),
          );
          continue;
        }
        report = { ...report, id: written.id ?? null, status: written.status };
      }
    } catch (error) {
      report = errorReport(services, report, error);
    }
    reports.push(report);
    progress();
    if (options.stopOnError && report.status === 'error') break;
  }
  await options.flush?.();
  await Promise.all(waiting);
  return reports;
}

/** What puts a written row back: the stored JSON it replaced, or nothing for a product it created. */
interface Undo {
  id: string;
  previous?: string;
}

const UNDO_ATTEMPTS = 5;

/** Puts back what an atomic import wrote, newest first, straight through the repository (no access rule may refuse it). */
async function rollBack(services: Services, journal: Undo[]): Promise<void> {
  const { products } = services.storage;
  for (const undo of journal.reverse()) {
    await productLocks.run(`product:${undo.id}`, async () => {
      for (let attempt = 0; attempt < UNDO_ATTEMPTS; attempt++) {
        const row = await products.get(undo.id);
        const previous = undo.previous === undefined ? undefined : toRecord(JSON.parse(undo.previous) as ProductDoc, undo.previous);
        if (!row) {
          if (previous) await products.insert(previous);
          return;
        }
        const done = previous ? await products.replace(previous, row.version, toRecord(JSON.parse(row.doc) as ProductDoc, row.doc)) : await products.delete(undo.id, row.version);
        if (done) return;
      }
      throw new Error(`an atomic import could not put product ${undo.id} back: it kept changing`);
    });
  }
}

/** The write pass of an atomic import, once every row passed the check. */
async function writeAtomically(services: Services, caller: Caller, file: ImportFile, options: ImportOptions & { total: number }, planned: RowReport[]): Promise<{ rows: RowReport[]; committed: boolean }> {
  const journal: Undo[] = [];
  const written = await eachRow(services, caller, file, { ...options, phase: 'writing', stopOnError: true }, async (input) => {
    const before = input.id === undefined ? undefined : await services.storage.products.get(input.id);
    const outcome = await writeRow(services, caller, input);
    if (outcome.status === 'created') journal.push({ id: outcome.id });
    if (outcome.status === 'updated' && before) journal.push({ id: outcome.id, previous: before.doc });
    return outcome;
  });
  const failed = written.find((report) => report.status === 'error');
  if (!failed) return { rows: written, committed: true };
  try {
    await rollBack(services, journal);
  } catch (error) {
    services.log.warn({ err: error }, 'an atomic import failed and could not be rolled back whole');
    throw Errors.IMPORT_ROLLBACK_FAILED(failed.row);
  }
  return { rows: planned.map((report) => (report.row === failed.row ? failed : report)), committed: false };
}

function summary(options: ImportOptions, committed: boolean, rows: RowReport[]): ImportReport {
  const totals: ImportTotals = { rows: rows.length, created: 0, updated: 0, unchanged: 0, errors: 0 };
  for (const { status } of rows) {
    if (status === 'error') totals.errors++;
    else totals[status]++;
  }
  return { mode: options.mode, dryRun: options.dryRun, atomic: options.atomic, committed, totals, rows };
}

export async function importProducts(services: Services, caller: Caller, file: ImportFile, options: ImportOptions): Promise<ImportReport> {
  const total = await countRows(file, options.format, options.maxRows);
  const run = { ...options, total };
  if (!options.dryRun && !options.atomic) {
    const writes = new BatchedImportWrites(services, caller);
    const rows = await eachRow(services, caller, file, { ...run, phase: 'writing', flush: () => writes.flush() }, (input) => writes.write(input));
    return summary(options, true, rows);
  }
  // Slugs that earlier rows take, which a check of a later row must see though nothing is stored.
  const slugs = new Map<string, string>();
  const planned = await eachRow(services, caller, file, { ...run, phase: 'checking' }, async (input) => {
    const plan = await planRow(services, caller, input, slugs);
    if (plan.slug !== undefined) slugs.set(plan.slug, plan.id ?? `row ${slugs.size}`);
    return plan;
  });
  if (options.dryRun || planned.some((report) => report.status === 'error')) return summary(options, false, planned);
  const { rows, committed } = await writeAtomically(services, caller, file, run, planned);
  return summary(options, committed, rows);
}
