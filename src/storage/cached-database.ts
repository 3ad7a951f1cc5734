import type Database from 'better-sqlite3';
import { Remembered } from '../domain/remembered.js';

/** A better-sqlite3 connection whose statements are prepared once per SQL text (all forgotten past 500). */
export class CachedDatabase {
  private readonly statements = new Remembered<string, Database.Statement>(500);

  constructor(readonly raw: Database.Database) {}

  prepare(sql: string): Database.Statement {
    return this.statements.get(sql, (text) => this.raw.prepare(text));
  }
}
