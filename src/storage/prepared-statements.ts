import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';
import { StatementDeadline } from './statement-deadline.js';

/** Statement texts given a name at most, per process: each connection may prepare them all. */
export const MAX_NAMED_STATEMENTS = 256;

/**
 * PostgreSQL refuses to run a prepared statement whose result columns changed type or
 * collation since it was prepared (a migration applied by another instance, say), on every
 * later call. Such a text then runs unnamed on that connection: once more at once (which,
 * inside a transaction, the failed statement has already aborted), and from then on.
 */
function changedResult(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === '0A000' && typeof message === 'string' && message.includes('cached plan must not change result type');
}

/**
 * A pool whose connections run each statement text as a named prepared statement, parsed and
 * planned by PostgreSQL once per connection instead of on every call (point reads by id ran
 * about twice as fast so, measured with ten connections). Kysely always sends values as
 * parameters, so a text is a query's shape, and the shapes the service runs are few; the
 * first `max` texts seen are named, later ones run unnamed as before. Statements without
 * parameters (`begin`, `commit`) gain nothing from it, and those with a `*` are left out: a
 * prepared `select *` fails once a migration changes the table's columns.
 */
export function preparingPool(pool: pg.Pool, max = MAX_NAMED_STATEMENTS, deadline = new StatementDeadline()): PostgresPool {
  const names = new Map<string, string>();
  const nameOf = (text: string, values: readonly unknown[]): string | undefined => {
    if (values.length === 0 || text.includes('*')) return undefined;
    let name = names.get(text);
    if (name === undefined && names.size < max) {
      name = `rc_${names.size + 1}`;
      names.set(text, name);
    }
    return name;
  };
  // Kysely keeps one connection object per client it is given, so each client keeps one wrapper.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    // pg-pool listens for a connection's errors only while it is idle; one that dies while
    // checked out (a server restart under a request) would otherwise throw from an 'error'
    // event and end the process. Its statement fails with the error, which is enough.
    client.on('error', () => {});
    /** Texts whose prepared form this connection can no longer run (see changedResult). */
    const stale = new Set<string>();
    /** Set once a statement went unanswered past the deadline: the connection is given up. */
    let abandoned: Error | undefined;
    const send = <R>(config: pg.QueryConfig): Promise<PostgresQueryResult<R>> => {
      if (abandoned) return Promise.reject(abandoned);
      const answer = client.query(config) as unknown as Promise<PostgresQueryResult<R>>;
      return deadline.race(answer, (error) => (abandoned = error));
    };
    function query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
    function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
    function query<R>(sqlOrCursor: string | PostgresCursor<R>, parameters: ReadonlyArray<unknown> = []): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
      if (typeof sqlOrCursor !== 'string') return client.query(sqlOrCursor as unknown as pg.Submittable) as unknown as PostgresCursor<R>;
      // Kysely passes each call a fresh array, which pg only reads: no copy is needed.
      const values = parameters as unknown[];
      const name = stale.has(sqlOrCursor) ? undefined : nameOf(sqlOrCursor, values);
      const unnamed = () => send<R>({ text: sqlOrCursor, values });
      if (name === undefined) return unnamed();
      return send<R>({ name, text: sqlOrCursor, values }).catch((error: unknown) => {
        if (!changedResult(error)) throw error;
        stale.add(sqlOrCursor);
        return unnamed();
      });
    }
    // Released with an error, pg-pool closes the connection instead of keeping it.
    return { query, release: () => client.release(abandoned) };
  };
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (wrapper === undefined) {
        wrapper = wrap(client);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}
