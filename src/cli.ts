import { parseArgs } from 'node:util';
import { loadConfig } from './config/load-config.js';
import type { RentalConfig } from './config/types.js';
import { databaseOptions, readEnv, type Env } from './env.js';
import { APIError } from './errors/api-error.js';
import { backupInstallation } from './operations/backup.js';
import { createAccount } from './operations/rents/accounts.js';
import { setPassword } from './operations/rents/set-password.js';
import { createProductValidator } from './domain/product-validation.js';
import { DEMO_OPTIONS, seedCatalogue } from './seed/seed-catalogue.js';
import { seedDemoCalendar } from './seed/seed-calendar.js';
import { openMediaStore } from './storage/open-media-store.js';
import type { MediaStore } from './storage/media-store.js';
import { openStorage, type Storage } from './storage/storage.js';
import { CliUsageError, productsExport, productsImport } from './cli/products-files.js';

const USAGE = `Usage: npm run rental -- <command> [options]

Commands:
  users:create --email <e-mail> --password <password> --name <business name> [--admin]
      Creates a rents account (the password needs at least 8 characters).
  users:set-password --email <e-mail> --password <password>
      Sets an account's password, lifts its lockout and ends all its sessions.
  seed:demo [--products <n>]
      Fills an empty database with a demo catalogue and prints a demo login.
  migrate
      Applies pending database migrations and exits.
  products:import <file> [--owner <e-mail>] [--mode create|upsert] [--dry-run] [--atomic] [--charset <encoding>]
                  [--format csv|json|ndjson] [--report <file>]
      Imports products from a CSV, JSON or NDJSON file (the export's format), every row
      validated as the API validates it, as the account --owner names; without it as the
      operator (an admin), each new product naming its owner. Exits 1 if any row failed.
  products:export [--format csv|json|ndjson] [--out <file>] [--where <JSON>] [--q <text>]
                  [--sort <fields>] [--owner <e-mail>] [--bom]
      Writes the products (all of them, or what --owner's account may read) to --out or stdout.
  backup --to <new folder>
      Copies the installation while the service runs: the SQLite database as one consistent
      snapshot, the media files and the signing secret. To restore, stop the service and use
      the folder as DATA_DIR (or copy its contents there). With PostgreSQL it copies the media
      and secret only: back the database up with pg_dump. With MEDIA_STORAGE=s3 the media are
      downloaded from the bucket into the copy's media folder (docs/deploy.md: restoring).
`;

class CliError extends Error {}

function requireOptions(values: Record<string, unknown>, keys: readonly string[]): void {
  const missing = keys.filter((key) => values[key] === undefined);
  if (missing.length > 0) throw new CliError(`Missing ${missing.map((key) => `--${key}`).join(', ')}.\n\n${USAGE}`);
}

async function usersCreate(config: RentalConfig, storage: Storage, args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' }, admin: { type: 'boolean', default: false } },
    strict: true,
  });
  requireOptions(values, ['email', 'password', 'name']);
  const profile = await createAccount({ config, storage }, 'system', {
    email: values.email,
    password: values.password,
    rentNameSystem: values.name,
    ...(values.admin ? { roles: ['admin'] } : {}),
  });
  console.log(`Created account ${profile.id} (${values.email}${values.admin ? ', admin' : ''}).`);
}

async function usersSetPassword(storage: Storage, args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { email: { type: 'string' }, password: { type: 'string' } }, strict: true });
  requireOptions(values, ['email', 'password']);
  const id = await setPassword(storage, values.email as string, values.password as string);
  console.log(`Set the password of account ${id} (${values.email}); its sessions are ended.`);
}

async function seedDemo(config: RentalConfig, storage: Storage, mediaStore: MediaStore, args: string[], baseUrl: string): Promise<void> {
  const { values } = parseArgs({ args, options: { products: { type: 'string' } }, strict: true });
  const products = values.products === undefined ? DEMO_OPTIONS.products : Number(values.products);
  if (!Number.isInteger(products) || products < 1) throw new CliError('--products must be a whole number of at least 1.');
  const started = Date.now();
  const result = await seedCatalogue(
    { config, storage, productValidator: createProductValidator(config.products.timeUnits), mediaStore },
    { ...DEMO_OPTIONS, products },
  );
  console.log(`Seeded ${result.products} products, ${result.mediaIds.length} images and ${result.owners.length} rental businesses in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  const bookings = Object.entries(result.bookings).map(([status, count]) => `${count} ${status}`).join(', ');
  if (bookings !== '') console.log(`Bookings: ${bookings}.`);
  console.log(`Demo login (admin): ${result.demoLogin.email} / ${result.demoLogin.password}`);
  console.log(`Other accounts: ${result.owners.slice(1).map((owner) => owner.email).join(', ')} (same password)`);
  const calendar = await seedDemoCalendar(storage, result.publishedIds, baseUrl);
  if (calendar) console.log(`Imported calendar ${calendar}: product ${result.publishedIds[1]} subscribes to ${baseUrl}/api/products/${result.publishedIds[0]}/calendar.ics`);
}

async function seedWithMedia(config: RentalConfig, storage: Storage, env: Env, args: string[], baseUrl: string): Promise<void> {
  const media = await openMediaStore(env.media, env.dataDir);
  if (media.warning) throw new CliError(media.warning);
  try {
    await seedDemo(config, storage, media.store, args, baseUrl);
  } finally {
    media.store.close();
  }
}

async function backup(env: Env, args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { to: { type: 'string' } }, strict: true });
  requireOptions(values, ['to']);
  const media = env.media.kind === 's3' ? await openMediaStore(env.media, env.dataDir) : undefined;
  if (media?.warning) throw new CliError(media.warning);
  const report = await backupInstallation({ databaseUrl: env.databaseUrl, dataDir: env.dataDir, to: values.to as string, ...(media ? { mediaStore: media.store } : {}) }).finally(() => media?.store.close());
  console.log(report.database ? `Database snapshot: ${report.database}` : 'Database: PostgreSQL, not copied; back it up with pg_dump.');
  console.log(`Media files: ${report.mediaFiles} (from ${report.mediaFrom})`);
  if (report.foreign.length > 0) console.warn(`Not media of this service, not copied: ${report.foreign.join(', ')}`);
  console.log(report.secret ? 'Signing secret: copied' : 'Signing secret: none in the data folder (RENTAL_SECRET is set, or no token was ever signed)');
  if (report.missing.length > 0) console.warn(`Named by the snapshot but not copied (deleted while the backup ran): ${report.missing.join(', ')}`);
}

function describe(error: unknown): string {
  if (error instanceof CliUsageError) return error.message;
  if (error instanceof APIError) return error.items.map((item) => (item.field ? `${item.field}: ${item.message}` : item.message)).join('\n');
  return error instanceof Error ? error.message : String(error);
}

export async function runCli(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command === undefined || command === 'help' || command === '--help') {
    console.log(USAGE);
    return;
  }
  if (!['users:create', 'users:set-password', 'seed:demo', 'migrate', 'backup', 'products:import', 'products:export'].includes(command)) throw new CliError(`Unknown command \`${command}\`.\n\n${USAGE}`);
  const env = readEnv();
  // A backup reads the installation as it is: no configuration, no migration.
  if (command === 'backup') return backup(env, rest);
  const config = await loadConfig(env.configPath, { required: env.configRequired });
  const storage = await openStorage(env.databaseUrl, env.dataDir, databaseOptions(env));
  try {
    if (command === 'users:create') await usersCreate(config, storage, rest);
    else if (command === 'users:set-password') await usersSetPassword(storage, rest);
    else if (command === 'seed:demo') await seedWithMedia(config, storage, env, rest, env.publicUrl ?? `http://${env.host}:${env.port}`);
    else if (command === 'products:import') process.exitCode = (await productsImport(config, storage, env.dataDir, rest)) ? 0 : 1;
    else if (command === 'products:export') await productsExport(config, storage, env.dataDir, rest);
    else console.log('Database is up to date.');
  } finally {
    await storage.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runCli(process.argv.slice(2)).catch((error: unknown) => {
    console.error(`Error: ${describe(error)}`);
    process.exit(1);
  });
}
