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
import { eventsMigration } from './021-events.js';
import { webhooksMigration } from './022-webhooks.js';

/** Versioned migrations, applied in name order; a name is never reused or edited once released. */
export function migrationProvider(dialect: Dialect): MigrationProvider {
  return {
    async getMigrations(): Promise<Record<string, Migration>> {
      return {
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
        '021-events': eventsMigration(dialect),
        '022-webhooks': webhooksMigration(dialect),
      };
    },
  };
}
