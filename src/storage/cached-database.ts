import type Database from 'better-sqlite3';

const STATEMENT_CACHE_LIMIT = 500;

/** A better-sqlite3 connection whose statements are prepared once per SQL text (emptied past STATEMENT_CACHE_LIMIT). */
export class CachedDatabase {
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
}
