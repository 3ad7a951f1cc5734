import { readdirSync } from 'node:fs';
import type { Migration, MigrationProvider } from 'kysely';
import type { Dialect } from '../schema.js';
import { initialMigration } from './001-initial.js';
import { batchedSearchIndexMigration } from './002-batched-search-index.js';
import { searchIndexMergesMigration } from './003-search-index-merges.js';
import { passwordResetsMigration } from './004-password-resets.js';
import { byteOrderTextMigration } from './005-byte-order-text.js';
import { resetIssuedAtMigration } from './006-reset-issued-at.js';
import { greekCyrillicFoldingMigration } from './007-greek-cyrillic-folding.js';
import { searchTextPartsMigration } from './008-search-text-parts.js';
import { icuLowerMigration } from './009-icu-lower.js';
import { sortIndexesMigration } from './010-sort-indexes.js';
import { leasesMigration } from './020-leases.js';
import { calendarTokensMigration } from './040-calendar-tokens.js';
import { calendarsMigration } from './041-calendars.js';
import { bookingsMigration } from './030-bookings.js';

/** A migration file's name: three digits, a dash, words; `.ts` in the sources, `.js` compiled. */
const MIGRATION_FILE = /^(\d{3}-[a-z0-9-]+)\.(?:ts|js)$/;

/**
 * The migration files of this folder not listed below, each a module whose one exported
 * function takes the dialect and returns the migration: a new migration is a new file
 * (docs/design-fields.md), found by its name.
 */
async function discoveredMigrations(dialect: Dialect, listed: readonly string[]): Promise<Record<string, Migration>> {
  const found: Record<string, Migration> = {};
  for (const [name, file] of discoveredFiles(listed)) {
    const exported = Object.values(await import(new URL(file, import.meta.url).href) as Record<string, unknown>).filter((value) => typeof value === 'function');
    if (exported.length !== 1) throw new Error(`migration ${file} must export exactly one function (dialect) => Migration`);
    found[name] = (exported[0] as (dialect: Dialect) => Migration)(dialect);
  }
  return found;
}
import { eventsMigration } from './021-events.js';
import { webhooksMigration } from './022-webhooks.js';

/** The names and files of the migration files not listed. */
function discoveredFiles(listed: readonly string[]): [name: string, file: string][] {
  const found: [string, string][] = [];
  for (const file of readdirSync(new URL('.', import.meta.url)).sort()) {
    const name = MIGRATION_FILE.exec(file)?.[1];
    if (name !== undefined && !listed.includes(name)) found.push([name, file]);
  }
  return found;
}

/** A provider that also names its migrations without loading them (see `migrate`). */
export interface NamedMigrationProvider extends MigrationProvider {
  names(): string[];
}

/** Versioned migrations, applied in name order; a name is never reused or edited once released. */
export function migrationProvider(dialect: Dialect): NamedMigrationProvider {
  const listedMigrations: Record<string, Migration> = {
    '001-initial': initialMigration(dialect),
    '002-batched-search-index': batchedSearchIndexMigration(dialect),
    '003-search-index-merges': searchIndexMergesMigration(dialect),
    '004-password-resets': passwordResetsMigration(dialect),
    '005-byte-order-text': byteOrderTextMigration(dialect),
    '006-reset-issued-at': resetIssuedAtMigration(dialect),
    '007-greek-cyrillic-folding': greekCyrillicFoldingMigration(dialect),
    '008-search-text-parts': searchTextPartsMigration(dialect),
    '009-icu-lower': icuLowerMigration(dialect),
    '010-sort-indexes': sortIndexesMigration(dialect),
    '020-leases': leasesMigration(dialect),
    '040-calendar-tokens': calendarTokensMigration(dialect),
    '041-calendars': calendarsMigration(dialect),
    '030-bookings': bookingsMigration(dialect),
    '021-events': eventsMigration(dialect),
    '022-webhooks': webhooksMigration(dialect),
  };
  const listed = Object.keys(listedMigrations);
  return {
    async getMigrations(): Promise<Record<string, Migration>> {
      return { ...listedMigrations, ...(await discoveredMigrations(dialect, listed)) };
    },
    names: () => [...listed, ...discoveredFiles(listed).map(([name]) => name)],
  };
}
