import { parseArgs } from 'node:util';
import { defaultConfig } from './config/defaults.js';
import { readEnv } from './env.js';
import { APIError } from './errors/api-error.js';
import { createAccount } from './operations/rents/accounts.js';
import { openStorage, type Storage } from './storage/storage.js';

const USAGE = `Usage: npm run rental -- <command> [options]

Commands:
  users:create --email <e-mail> --password <password> --name <business name> [--admin]
      Creates a rents account (the password needs at least 8 characters).
  migrate
      Applies pending database migrations and exits.
`;


async function usersCreate(storage: Storage, args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' }, admin: { type: 'boolean', default: false } },
    strict: true,
  });
  const missing = (['email', 'password', 'name'] as const).filter((key) => values[key] === undefined);
  if (missing.length > 0) throw new CliError(`Missing ${missing.map((key) => `--${key}`).join(', ')}.\n\n${USAGE}`);
  const profile = await createAccount({ config: defaultConfig(), storage }, 'system', {
    email: values.email,
    password: values.password,
    rentNameSystem: values.name,
    ...(values.admin ? { roles: ['admin'] } : {}),
  });
  console.log(`Created account ${profile.id} (${values.email}${values.admin ? ', admin' : ''}).`);
}

class CliError extends Error {}

function describe(error: unknown): string {
  if (error instanceof APIError) return error.items.map((item) => (item.field ? `${item.field}: ${item.message}` : item.message)).join('\n');
  return error instanceof Error ? error.message : String(error);
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command === undefined || command === 'help' || command === '--help') {
    console.log(USAGE);
    return;
  }
  const env = readEnv();
  const storage = await openStorage(env.databaseUrl, env.dataDir);
  try {
    if (command === 'users:create') await usersCreate(storage, rest);
    else if (command === 'migrate') console.log('Database is up to date.');
    else throw new CliError(`Unknown command \`${command}\`.\n\n${USAGE}`);
  } finally {
    await storage.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`Error: ${describe(error)}`);
  process.exit(1);
});
