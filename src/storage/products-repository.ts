import { sql, type Kysely, type RawBuilder, type SqlBool, type Transaction } from 'kysely';
import type { Interval } from '../domain/reservations.js';
import type { SortKey, WhereNode } from '../domain/where/types.js';
import type { DatabaseSchema, Dialect, ProductsTable } from './schema.js';
import { detectUnique } from './unique-violation.js';
import { and, containsPattern, orderByToSql, whereToSql } from './where-sql.js';

/** Everything stored for one product: its columns, reservations and the media its gallery names. */
export interface ProductRecord {
  row: Omit<ProductsTable, 'version'> & { version?: number };
  reservations: { id: string; start: number; end: number }[];
  mediaIds: string[];
}

/** A product as read: its depth-0 document, its version, and its owner's columns when joined. */
export interface ProductReadRow {
  doc: string;
  version: number;
  owner_id: string | null;
  owner_name: string | null;
  owner_profile: string | null;
}

/** What narrows a list or a count; built by the operations, compiled to SQL here. */
export interface ProductFilter {
  where?: WhereNode;
  access?: WhereNode;
  searchWords?: string[];
  available?: Interval;
}

type Db = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;

/** Trigram indexes (FTS5 here, pg_trgm there) match substrings of three characters or more. */
const TRIGRAM = 3;

export class ProductsRepository {
  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    private readonly dialect: Dialect,
  ) {}

  private filterSql(filter: ProductFilter): RawBuilder<SqlBool> {
    const parts: RawBuilder<SqlBool>[] = [];
    if (filter.access) parts.push(whereToSql('products', filter.access));
    if (filter.where) parts.push(whereToSql('products', filter.where));
    if (filter.searchWords && filter.searchWords.length > 0) parts.push(this.searchSql(filter.searchWords));
    if (filter.available) {
      const { start, end } = filter.available;
      parts.push(sql<SqlBool>`NOT EXISTS (SELECT 1 FROM reservations r WHERE r.product_id = products.id AND r.starts_at < ${end} AND r.ends_at > ${start})`);
    }
    return and(parts);
  }

  private searchSql(words: string[]): RawBuilder<SqlBool> {
    const long = words.filter((word) => [...word].length >= TRIGRAM);
    const short = words.filter((word) => [...word].length < TRIGRAM);
    const parts = short.map((word) => sql<SqlBool>`products.search_text LIKE ${containsPattern(word)} ESCAPE '\\'`);
    if (long.length > 0) {
      if (this.dialect === 'sqlite') {
        const match = long.map((word) => `"${word.replace(/"/g, '""')}"`).join(' AND ');
        parts.push(sql<SqlBool>`products.seq IN (SELECT rowid FROM products_fts WHERE products_fts MATCH ${match})`);
      } else {
        parts.push(...long.map((word) => sql<SqlBool>`products.search_text LIKE ${containsPattern(word)} ESCAPE '\\'`));
      }
    }
    return and(parts);
  }

  private selectRead(db: Db) {
    return db
      .selectFrom('products')
      .leftJoin('rents', 'rents.id', 'products.owner_id')
      .select([
        'products.doc as doc',
        'products.version as version',
        'products.owner_id as owner_id',
        'rents.rent_name_system as owner_name',
        'rents.profile as owner_profile',
      ]);
  }

  /** One product, if it exists and matches the access filter. */
  async get(id: string, access?: WhereNode, db: Db = this.db): Promise<ProductReadRow | undefined> {
    const query = this.selectRead(db).where('products.id', '=', id);
    return (access ? query.where(whereToSql('products', access)) : query).executeTakeFirst();
  }

  async list(filter: ProductFilter, sort: SortKey[], limit: number, offset: number): Promise<ProductReadRow[]> {
    const query = this.selectRead(this.db).where(this.filterSql(filter));
    return (sort.length > 0 ? query.orderBy(orderByToSql('products', sort)) : query).limit(limit).offset(offset).execute();
  }

  async count(filter: ProductFilter): Promise<number> {
    const row = await this.db
      .selectFrom('products')
      .select(sql<number>`count(*)`.as('total'))
      .where(this.filterSql(filter))
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  async exists(id: string): Promise<boolean> {
    const row = await this.db.selectFrom('products').select('id').where('id', '=', id).executeTakeFirst();
    return row !== undefined;
  }

  /** Slugs equal to `base` or of the form `base-N`. */
  async slugsLike(base: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('products')
      .select('slug')
      // `base-…` as an index range: '.' is the character after '-'.
      .where((eb) => eb.or([eb('slug', '=', base), eb.and([eb('slug', '>', `${base}-`), eb('slug', '<', `${base}.`)])]))
      .execute();
    return rows.map((row) => row.slug);
  }

  async insert(record: ProductRecord): Promise<void> {
    await detectUnique(() =>
      this.db.transaction().execute(async (trx) => {
        await trx.insertInto('products').values({ ...record.row, version: record.row.version ?? 1 }).execute();
        await this.writeChildren(trx, record);
      }),
    );
  }

  /** Bulk load: many products in one transaction, in multi-row statements (seeding, benchmarks). */
  async insertMany(records: ProductRecord[]): Promise<void> {
    const CHUNK = 200;
    await this.db.transaction().execute(async (trx) => {
      for (let i = 0; i < records.length; i += CHUNK) {
        const chunk = records.slice(i, i + CHUNK);
        await trx.insertInto('products').values(chunk.map((record) => ({ ...record.row, version: record.row.version ?? 1 }))).execute();
        const reservations = chunk.flatMap((record) => record.reservations.map((r) => ({ product_id: record.row.id, id: r.id, starts_at: r.start, ends_at: r.end })));
        for (let j = 0; j < reservations.length; j += CHUNK) await trx.insertInto('reservations').values(reservations.slice(j, j + CHUNK)).execute();
        const links = chunk.flatMap((record) => [...new Set(record.mediaIds)].map((mediaId) => ({ product_id: record.row.id, media_id: mediaId })));
        for (let j = 0; j < links.length; j += CHUNK) await trx.insertInto('product_media').values(links.slice(j, j + CHUNK)).execute();
      }
    });
  }

  /** Replaces a product if it is still at `expectedVersion`; false when someone changed it first. */
  async replace(record: ProductRecord, expectedVersion: number): Promise<boolean> {
    return detectUnique(() =>
      this.db.transaction().execute(async (trx) => {
        const { id, ...columns } = record.row;
        const result = await trx
          .updateTable('products')
          .set({ ...columns, version: expectedVersion + 1 })
          .where('id', '=', id)
          .where('version', '=', expectedVersion)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        await trx.deleteFrom('reservations').where('product_id', '=', id).execute();
        await trx.deleteFrom('product_media').where('product_id', '=', id).execute();
        await this.writeChildren(trx, record);
        return true;
      }),
    );
  }

  private async writeChildren(trx: Transaction<DatabaseSchema>, record: ProductRecord): Promise<void> {
    const productId = record.row.id;
    if (record.reservations.length > 0) {
      await trx
        .insertInto('reservations')
        .values(record.reservations.map((r) => ({ product_id: productId, id: r.id, starts_at: r.start, ends_at: r.end })))
        .execute();
    }
    const mediaIds = [...new Set(record.mediaIds)];
    if (mediaIds.length > 0) {
      await trx
        .insertInto('product_media')
        .values(mediaIds.map((mediaId) => ({ product_id: productId, media_id: mediaId })))
        .execute();
    }
  }

  /** Deletes a product at a known version (its reservations and media links go with it). */
  async delete(id: string, expectedVersion: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('reservations').where('product_id', '=', id).execute();
      await trx.deleteFrom('product_media').where('product_id', '=', id).execute();
      const result = await trx.deleteFrom('products').where('id', '=', id).where('version', '=', expectedVersion).executeTakeFirst();
      if (Number(result.numDeletedRows) !== 1) throw new StaleVersion();
      return true;
    }).catch((error: unknown) => {
      if (error instanceof StaleVersion) return false;
      throw error;
    });
  }
}

class StaleVersion extends Error {}
