import Database from 'better-sqlite3';
import { CompiledQuery, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver } from 'kysely';
import { foldText, lowerText } from '../domain/fold.js';

/**
 * better-sqlite3 behind Kysely, with two changes to Kysely's dialect:
 * statements are prepared once and cached by their SQL text (Kysely prepares on every
 * query), and write transactions start with BEGIN IMMEDIATE so that several processes
 * on one file wait for each other instead of failing on lock upgrade.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class CachingSqliteDialect extends SqliteDialect {
  constructor(private readonly database: CachedDatabase) {
    super({ database });
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver({ database: this.database });
  }
}

const STATEMENT_CACHE_LIMIT = 500;

class CachedDatabase {
  private readonly statements = new Map<string, Database.Statement>();

  constructor(readonly raw: Database.Database) {}

  prepare(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      if (this.statements.size >= STATEMENT_CACHE_LIMIT) this.statements.clear();
      statement = this.raw.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  close(): void {
    this.raw.close();
  }
}

export function openSqlite(file: string): { dialect: SqliteDialect; raw: Database.Database } {
  const raw = new Database(file);
  // Only takes effect on a new file: a product row then fits one page.
  raw.pragma('page_size = 8192');
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  raw.pragma('busy_timeout = 5000');
  raw.pragma('foreign_keys = ON');
  raw.pragma('cache_size = -16384');
  raw.pragma('wal_autocheckpoint = 10000');
  raw.function('rc_fold', { deterministic: true }, (text: unknown) => (typeof text === 'string' ? foldText(text) : null));
  raw.function('rc_lower', { deterministic: true }, (text: unknown) => (typeof text === 'string' ? lowerText(text) : null));
  return { dialect: new CachingSqliteDialect(new CachedDatabase(raw)), raw };
}
