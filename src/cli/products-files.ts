import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, writeFileSync } from 'node:fs';
import { extname } from 'node:path';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { Presets, SingleBar } from 'cli-progress';
import { buildApp } from '../app.js';
import { userOfRow } from '../auth/sessions.js';
import type { AuthUser, RentalConfig } from '../config/types.js';
import { normaliseEmail } from '../domain/account-schema.js';
import { parseListQuery } from '../domain/parse-list-query.js';
import { productFields } from '../domain/product-fields.js';
import type { Caller, Services } from '../operations/context.js';
import { EXPORT_FORMATS, exportText, type ExportFormat } from '../operations/products/export-formats.js';
import { exportCount, exportProducts, type ExportQuery } from '../operations/products/export-products.js';
import { importProducts, type ImportReport } from '../operations/products/import-products.js';
import { asUtf8, encodingOf } from '../operations/products/import-encoding.js';
import { IMPORT_FORMATS, type ImportFormat } from '../operations/products/import-sources.js';
import type { Storage } from '../storage/storage.js';

/**
 * `products:import` and `products:export`: the same operations as the HTTP routes, run as an
 * account (`--owner <e-mail>`), or without one as the operator, an administrator who is no
 * account: the export then holds every product, and each new product of an import must name
 * its owner (basic.rent_owner). Progress is drawn only when stdout is a terminal.
 */

export class CliUsageError extends Error {}

/** The operator at the command line: may do what an admin may, and owns nothing. */
const OPERATOR: AuthUser = { id: '', email: '', rentNameSystem: 'command line', roles: ['admin'] };

/** Errors of rows listed after an import; the rest are counted (`--report` writes them all). */
const LISTED_ERRORS = 50;

async function callerOf(storage: Storage, email: string | undefined): Promise<{ caller: Caller; ownerless: boolean }> {
  if (email === undefined) return { caller: { user: OPERATOR }, ownerless: true };
  const row = await storage.rents.getByEmail(normaliseEmail(email));
  if (!row) throw new CliUsageError(`No account has the e-mail ${email}.`);
  return { caller: { user: userOfRow(row) }, ownerless: false };
}

/** The installation's services as the service builds them (read caches in memory), for the operations to run with; closed after `work`. */
async function withServices<T>(config: RentalConfig, storage: Storage, dataDir: string, work: (services: Services) => Promise<T>): Promise<T> {
  // The command line signs no token: any key will do.
  const { app, services } = await buildApp({ config, storage, dataDir, secret: randomBytes(32), bodyFileBytes: 0, logger: { level: 'warn', stream: process.stderr } });
  try {
    return await work(services);
  } finally {
    await app.close();
  }
}

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], option: string): T | undefined {
  if (value === undefined) return undefined;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new CliUsageError(`--${option} must be one of ${allowed.join(', ')}.`);
}

const FORMAT_OF_EXTENSION: Record<string, ImportFormat> = { '.csv': 'csv', '.json': 'json', '.ndjson': 'ndjson', '.jsonl': 'ndjson' };

/** A progress bar on stdout when it is a terminal; otherwise nothing. */
function progressBar(label: string): { update(done: number, total: number): void; stop(): void } {
  if (!process.stdout.isTTY) return { update: () => {}, stop: () => {} };
  const bar = new SingleBar({ format: `${label} [{bar}] {percentage}% | {value}/{total} | {eta_formatted}`, stream: process.stdout, hideCursor: true }, Presets.shades_classic);
  let started = false;
  return {
    update(done, total) {
      if (!started) bar.start(total, 0);
      started = true;
      bar.setTotal(total);
      bar.update(done);
    },
    stop: () => started && bar.stop(),
  };
}

function printReport(file: string, report: ImportReport): void {
  const { totals } = report;
  const what = report.dryRun ? 'Checked (dry run, nothing written)' : report.committed ? 'Imported' : 'Not imported (atomic: a row failed, nothing kept)';
  console.log(`${what} ${file}: ${totals.rows} rows — ${totals.created} created, ${totals.updated} updated, ${totals.unchanged} unchanged, ${totals.errors} errors.`);
  const failed = report.rows.filter((row) => row.status === 'error');
  for (const row of failed.slice(0, LISTED_ERRORS)) {
    const problems = row.errors.map((error) => (error.field ? `${error.field}: ${error.message}` : error.message)).join('; ');
    console.log(`  row ${row.row}${row.id ? ` (${row.id})` : ''}: ${row.code ?? ''} ${problems}`);
  }
  if (failed.length > LISTED_ERRORS) console.log(`  … and ${failed.length - LISTED_ERRORS} more rows with errors (--report <file> writes them all).`);
}

/** `products:import FILE [--owner EMAIL] [--mode create|upsert] [--dry-run] [--atomic] [--format …] [--charset …] [--report FILE]`; true when every row went in. */
export async function productsImport(config: RentalConfig, storage: Storage, dataDir: string, args: string[]): Promise<boolean> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      owner: { type: 'string' },
      mode: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      atomic: { type: 'boolean', default: false },
      format: { type: 'string' },
      charset: { type: 'string' },
      report: { type: 'string' },
    },
    strict: true,
  });
  const [file, ...extra] = positionals;
  if (file === undefined || extra.length > 0) throw new CliUsageError('products:import takes one file.');
  const encoding = encodingOf(values.charset);
  if (!existsSync(file)) throw new CliUsageError(`No file ${file}.`);
  const format = oneOf(values.format, IMPORT_FORMATS, 'format') ?? FORMAT_OF_EXTENSION[extname(file).toLowerCase()] ?? 'csv';
  const mode = oneOf(values.mode, ['create', 'upsert'] as const, 'mode') ?? 'create';
  const { caller, ownerless } = await callerOf(storage, values.owner);
  const source = await asUtf8(() => createReadStream(file), encoding);
  const bar = progressBar(values['dry-run'] ? 'Checking' : 'Importing');
  const report = await withServices(config, storage, dataDir, (services) =>
    importProducts(services, caller, source, {
      format,
      mode,
      dryRun: values['dry-run'],
      atomic: values.atomic,
      ownerless,
      onProgress: ({ done, total }) => bar.update(done, total),
    }).finally(() => bar.stop()),
  );
  if (values.report !== undefined) writeFileSync(values.report, `${JSON.stringify(report, null, 2)}\n`);
  printReport(file, report);
  return report.totals.errors === 0;
}

/** `products:export [--format csv|json|ndjson] [--out FILE] [--where JSON] [--q TEXT] [--sort S] [--owner EMAIL] [--bom]`. */
export async function productsExport(config: RentalConfig, storage: Storage, dataDir: string, args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      format: { type: 'string' },
      out: { type: 'string' },
      where: { type: 'string' },
      q: { type: 'string' },
      sort: { type: 'string' },
      owner: { type: 'string' },
      bom: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const format: ExportFormat = oneOf(values.format, EXPORT_FORMATS, 'format') ?? 'csv';
  if (values.bom && format !== 'csv') throw new CliUsageError('--bom is for CSV only.');
  const list = parseListQuery({ where: values.where, q: values.q, sort: values.sort }, productFields, { maxLimit: config.products.maxLimit, defaultSort: '-createdAt' });
  const { caller } = await callerOf(storage, values.owner);
  const out: Writable = values.out === undefined ? process.stdout : createWriteStream(values.out);
  // Progress on a terminal while the file goes elsewhere.
  const bar = values.out === undefined ? progressBar('') : progressBar('Exporting');
  const query: ExportQuery = { where: list.where, sort: list.sort, searchWords: list.searchWords, available: list.available };
  const count = await withServices(config, storage, dataDir, async (services) => {
    let exported = 0;
    const total = values.out === undefined ? 0 : await exportCount(services, caller, query);
    const pages = await exportProducts(services, caller, query);
    async function* counted() {
      for await (const docs of pages) {
        exported += docs.length;
        if (values.out !== undefined) bar.update(exported, Math.max(total, exported));
        yield docs;
      }
    }
    try {
      await pipeline(Readable.from(exportText(counted(), format, { bom: values.bom }), { objectMode: false }), out, { end: values.out !== undefined });
    } finally {
      bar.stop();
    }
    return exported;
  });
  const summary = `Exported ${count} products${values.out === undefined ? '' : ` to ${values.out}`}.`;
  if (values.out === undefined) console.error(summary);
  else console.log(summary);
}
