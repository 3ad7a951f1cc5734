import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import { Remembered } from '../domain/remembered.js';
import type { ChangeSource } from './change-feed.js';
import type { DatabaseSchema } from './schema.js';

/** What a product response shows of its owner. */
export interface OwnerColumns {
  owner_name: string | null;
  owner_profile: string | null;
}

/** The columns of an account that exists. */
export interface Owner extends OwnerColumns {
  owner_name: string;
  owner_profile: string;
}

/** Term ids by profile text: every write of a product with a term checks it against its owner's profile, mostly the same few. */
const termIdsByProfile = new Remembered<string, ReadonlySet<string>>(256);

/** The ids of the terms in an account's stored profile text (`terms.termsArray[].id`). */
export const termIdsOfProfile = (profileJson: string): ReadonlySet<string> => termIdsByProfile.get(profileJson, parseTermIds);

function parseTermIds(profileJson: string): ReadonlySet<string> {
  const profile = JSON.parse(profileJson) as { terms?: { termsArray?: { id?: unknown }[] } };
  return new Set((profile.terms?.termsArray ?? []).flatMap(({ id }) => (typeof id === 'string' ? [id] : [])));
}

const NO_OWNER: OwnerColumns = { owner_name: null, owner_profile: null };
/** Bounds the memory of a service with very many accounts: the least recently used go first. */
const MAX_OWNERS = 10_000;

/**
 * Owner columns by account id, kept until the next committed change. A catalogue has far
 * fewer owners than products, so product reads attach them from here instead of joining
 * the accounts table (and copying the same profile text) for every row.
 */
export class OwnerProfiles {
  private readonly cache = new LRUCache<string, Owner>({ max: MAX_OWNERS });

  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    private readonly changes: ChangeSource,
  ) {
    changes.onChange(() => this.cache.clear());
  }

  /** One account's columns; undefined when no account has that id. */
  async get(id: string): Promise<Owner | undefined> {
    return this.cache.get(id) ?? (await this.load([id])).get(id);
  }

  async attach<T extends { owner_id: string | null }>(rows: T[]): Promise<(T & OwnerColumns)[]> {
    const known = new Map<string, OwnerColumns>();
    const missing = new Set<string>();
    for (const { owner_id: id } of rows) {
      if (id === null || known.has(id)) continue;
      const hit = this.cache.get(id);
      if (hit) known.set(id, hit);
      else missing.add(id);
    }
    // Taken from the cache before waiting: a change meanwhile empties the cache, not this answer.
    if (missing.size > 0) for (const [id, columns] of await this.load([...missing])) known.set(id, columns);
    return rows.map((row) => Object.assign(row, (row.owner_id !== null && known.get(row.owner_id)) || NO_OWNER));
  }

  /** The accounts of `ids` that exist, read now (and kept unless a change came meanwhile). */
  private async load(ids: string[]): Promise<Map<string, Owner>> {
    const readAt = this.changes.generation;
    const rows = await this.db.selectFrom('rents').select(['id', 'rent_name_system', 'profile']).where('id', 'in', ids).execute();
    const loaded = new Map<string, Owner>();
    for (const row of rows) loaded.set(row.id, { owner_name: row.rent_name_system, owner_profile: row.profile });
    // What was read before a change committed is used for this answer but not kept.
    if (this.changes.generation === readAt) {
      for (const row of rows) this.cache.set(row.id, loaded.get(row.id) as Owner);
    }
    return loaded;
  }
}
