/** Statements run synchronously on SQLite's one connection, inside `SqliteNow.write`. */
export interface NowStatements {
  /** Runs a statement that changes rows; how many it changed. */
  run(sql: string, parameters: readonly unknown[]): number;
  all<R>(sql: string, parameters: readonly unknown[]): R[];
}

/**
 * SQLite's fast lane for the hottest statements: run at once on the connection, under its
 * lease, without Kysely's promises for each statement, connection and transaction (a price
 * update's point read, UPDATE and event went through ~20 of them, ~25 KB allocated an
 * update). Semantics are the group commit's own: reads see the open batch, writes go in a
 * savepoint of it and are answered after its COMMIT.
 */
export interface SqliteNow {
  /** The rows of one read. */
  read<R>(sql: string, parameters: readonly unknown[]): Promise<R[]>;
  /**
   * `work` in a savepoint of the open batch: rolled back alone if it throws. Resolves with its
   * result once the batch has committed.
   */
  write<T>(work: (db: NowStatements) => T): Promise<T>;
}
