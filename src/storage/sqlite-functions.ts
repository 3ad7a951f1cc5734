import type Database from 'better-sqlite3';
import { foldText, lowerText } from '../domain/fold.js';

/** SQLite's `rc_fold` (`like`) and `rc_lower` (`contains`), in JavaScript as the rest of the service folds: on every connection that runs the service's SQL. */
export function registerFoldFunctions(raw: Database.Database): void {
  raw.function('rc_fold', { deterministic: true }, (text: unknown) => (typeof text === 'string' ? foldText(text) : null));
  raw.function('rc_lower', { deterministic: true }, (text: unknown) => (typeof text === 'string' ? lowerText(text) : null));
}
