import { CompiledQuery, sql, type Kysely, type RawBuilder, type SqlBool, type Transaction } from 'kysely';
import type { Interval } from '../domain/reservations.js';
import { tableColumnsOf } from '../domain/field-registry.js';
import { PRODUCT_FIELDS, type ProductFieldColumns } from '../domain/product-fields.js';
import type { FieldDef, SortKey, TextCondition, WhereNode } from '../domain/where/types.js';
import { foldText } from '../domain/fold.js';
import { Remembered } from '../domain/remembered.js';
import type { DatabaseSchema, Dialect, ProductTextsTable, ProductsTable } from './schema.js';
import type { SearchTexts, Searched } from '../domain/product-document.js';
import { termIdsOfProfile, type OwnerColumns, type OwnerProfiles } from './owner-profiles.js';
import { asUniqueViolation, detectUnique } from './unique-violation.js';
import type { SqliteNow } from './sqlite-now.js';
import { MissingMedia, MissingOwner, MissingTerm, isForeignKeyViolation } from './reference-errors.js';
import { and, containsPattern, orderClause, sideKey, textConditionSql, whereToSql, type WhereSqlOptions } from './where-sql.js';
import type { ListReader } from './list-reader.js';
import { blockedProductsSql } from './blocked-products.js';
import { EVENT_COLUMNS, eventValues, type NewEvent, type Outbox } from './outbox.js';
import { productDeletedEvent, productWriteEvents, type ProductEventSource } from './product-events.js';

/** Everything stored for one product: its columns, long texts, reservations and the media its gallery names. */
export interface ProductRecord {
  row: Omit<ProductsTable, 'version'> & { version?: number };
  texts: Pick<ProductTextsTable, 'product_desc'> & SearchTexts;
  /** What `texts` are made of (see searchedOf): equal sources, equal texts. */
  searched: Searched;
  /** Each reservation's interval, and the interval it blocks for new rentals (widened by the product's buffers). */
  reservations: { id: string; start: number; end: number; blockStart: number; blockEnd: number }[];
  mediaIds: string[];
  /** The gallery entries given as ids (not inline image objects): they must name stored media. */
  namedMedia: string[];
}

/** What writeChildren writes of a record: its reservations and gallery links. */
type ProductChildren = Pick<ProductRecord, 'row' | 'reservations' | 'mediaIds' | 'namedMedia'>;

/** The product columns access filters and `where` look at (all but the document). */
export type ProductColumns = Omit<ProductsTable, 'doc' | 'version'>;

/** A product row as stored: its columns, its depth-0 document and its version. */
interface ProductStoredRow extends ProductColumns {
  doc: string;
  version: number;
}

/** A product as read: its stored row and its owner's columns. */
export type ProductReadRow = ProductStoredRow & OwnerColumns;

/** What a response body is made of: the document and its owner. */
export type ProductDocRow = Pick<ProductStoredRow, 'id' | 'owner_id' | 'doc'> & OwnerColumns;

/** The same with the document as its stored UTF-8 bytes, never decoded into a string. */
export type ProductBytesRow = Omit<ProductDocRow, 'doc'> & { doc: Buffer };

/** Whether a product's write is its row and texts alone: no term to check against its owner, no reservations or gallery links. */
const writesAlone = (record: ProductRecord): boolean =>
  !record.row.selected_term && record.reservations.length === 0 && record.mediaIds.length === 0 && record.namedMedia.length === 0;

/** Every column of `products`: the field registry's (domain/product-fields.ts), the document and its version. */
const COLUMNS = [...(tableColumnsOf(PRODUCT_FIELDS) as (keyof ProductFieldColumns)[]), 'doc', 'version'] as const;

/** What narrows a list or a count; built by the operations, compiled to SQL here. */
export interface ProductFilter {
  where?: WhereNode;
  access?: WhereNode;
  searchWords?: string[];
  available?: Interval;
  /** Only products with a reservation overlapping this interval (its bare interval: no buffers). */
  reserved?: Interval;
}

/**
 * The columns that differ from the stored row. SQLite rewrites the entries of every index
 * whose columns an UPDATE names, changed or not, so naming only these spares the others.
 */
function changedColumns(columns: Omit<ProductRecord['row'], 'id'>, previous: ProductRecord['row'] | undefined): Partial<ProductsTable> {
  if (!previous) return columns;
  const changed: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(columns)) {
    if (value !== previous[name as keyof ProductRecord['row']]) changed[name] = value;
  }
  return changed as Partial<ProductsTable>;
}

/**
 * Whether a part of a record is unchanged, compared field by field (serialising both sides to
 * compare them allocated ~31 KB an update). Texts are compared by what they are made of (the
 * name, description and location), so that neither side's need be folded.
 */
const sameTexts = (a: ProductRecord, b: ProductRecord) => a.searched.every((part, index) => part === b.searched[index]);
const sameItems = <T>(a: readonly T[], b: readonly T[], same: (x: T, y: T) => boolean = (x, y) => x === y) =>
  a.length === b.length && a.every((item, index) => same(item, b[index] as T));
const sameReservations = (a: ProductRecord['reservations'], b: ProductRecord['reservations']) =>
  sameItems(a, b, (x, y) => x.id === y.id && x.start === y.start && x.end === y.end && x.blockStart === y.blockStart && x.blockEnd === y.blockEnd);

/** Whether a write must check the owner again: it names one, and sets it or its term anew. */
const ownerToCheck = (record: ProductRecord, previous?: ProductRecord): boolean => {
  const { owner_id: ownerId, selected_term: term } = record.row;
  return !!ownerId && !(previous?.row.owner_id === ownerId && (!term || previous.row.selected_term === term));
};

/** Throws when the owner read for a write (`owner`) is gone, or no longer has the product's term. */
function ownerRefusal(ownerId: string, term: string | null | undefined, owner: { profile: string } | undefined): void {
  if (!owner) throw new MissingOwner(ownerId);
  if (term && !termIdsOfProfile(owner.profile).has(term)) throw new MissingTerm(term);
}

/** Whether replacing `previous` rewrites the product row alone: the same texts, reservations and gallery, and no owner to check again. */
const rowAlone = (record: ProductRecord, previous: ProductRecord): boolean =>
  !ownerToCheck(record, previous) &&
  sameTexts(record, previous) &&
  sameReservations(record.reservations, previous.reservations) &&
  sameItems(record.mediaIds, previous.mediaIds);

type Db = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;

/** Trigram indexes (FTS5 here, pg_trgm there) match substrings of three characters or more. */
const TRIGRAM = 3;
const trigramsOf = (word: string) => [...word].length >= TRIGRAM;

/**
 * Each searched field's folded text, taken out of `search_text` (`t`) by the lengths stored
 * beside it: `like` on these fields compares stored text, where folding the field in SQL
 * (`rc_fold`) cost PostgreSQL ~0.35 ms a 1 KB description, past the statement deadline on a
 * catalogue of 100,000, and SQLite a call into JavaScript per row.
 */
const FOLDED_PARTS: Record<string, RawBuilder<string>> = {
  product_name: sql`substr(t.search_text, 1, t.name_length)`,
  product_desc: sql`substr(t.search_text, t.name_length + 2, t.desc_length)`,
  location: sql`substr(t.search_text, t.name_length + t.desc_length + 3)`,
};
const CHUNK = 200;

/**
 * getDocBytes on SQLite: the ids as one JSON array. With them as a list of parameters, every
 * new set of values made SQLite prepare the statement again (its planner samples, sqlite_stat4,
 * are probed with the values of an IN list), ~3 % of a list page's cost at 1,000,000 products.
 */
const DOC_BYTES_SQLITE = 'SELECT id, owner_id, CAST(doc AS BLOB) AS doc FROM products WHERE id IN (SELECT value FROM json_each(?))';

/** getDocBytes on PostgreSQL: a SELECT by how many ids it reads. */
const docBytesSelect =
  (db: Kysely<DatabaseSchema>) =>
  (count: number): string =>
    sql`SELECT id, owner_id, convert_to(doc, 'UTF8') AS doc FROM products WHERE id IN (${sql.join(Array.from({ length: count }, () => ''))})`.compile(db).sql;

export class ProductsRepository {
  /** The point read, compiled once: it is the hottest query of the service. */
  private readonly getById: CompiledQuery;
  /** What a create and a slug lookup run, compiled once too: Kysely builds and compiles a query on every call (~20 µs a create). */
  private readonly insertRow: CompiledQuery;
  private readonly insertTexts: CompiledQuery;
  /** PostgreSQL: the row and its texts in one statement (see insertAlone). */
  private readonly insertRowWithTexts: string | undefined;
  private readonly selectSlugs: CompiledQuery;
  /** checkOwner's SELECT, compiled once: built on each write it showed in create profiles. */
  private readonly selectOwner: CompiledQuery;
  /** How this collection's `where` becomes SQL: texts through the search index, side-table ids unindexed on SQLite. */
  private readonly whereOptions: WhereSqlOptions;
  /**
   * A replace's UPDATE by the columns it sets (a price change sets the same few every time),
   * compiled once each; a bound keeps odd sets from piling up.
   */
  private readonly updateSql = new Remembered<string, string>(64);
  /** getDocBytes's SELECT on PostgreSQL by how many ids it reads (a list page reads up to its limit). */
  private readonly docBytesSql = new Remembered<number, string>(128);

  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    /** Where lists and counts run: on SQLite, a thread of their own (see WorkerReader). */
    private readonly reader: ListReader,
    private readonly dialect: Dialect,
    /** Told after every committed write, with the id of the one product it changed (none for a bulk load). */
    private readonly changed: (id?: string) => Promise<void>,
    private readonly owners: OwnerProfiles,
    /** Where each write records its events (SPEC 11), in its own transaction. */
    private readonly outbox: Outbox,
    /** SQLite: the fast lane of a point read and of a write that changes the row alone. */
    private readonly now?: SqliteNow,
  ) {
    this.getById = this.selectRead().where('products.id', '=', '').compile();
    // Placeholder values in COLUMNS' order: each becomes a parameter, in that order.
    const template = Object.fromEntries(COLUMNS.map((column) => [column, ''])) as unknown as ProductsTable;
    this.insertRow = db.insertInto('products').values(template).compile();
    this.insertTexts = db.insertInto('product_texts').values({ product_id: '', product_desc: '', search_text: '', name_length: 0, desc_length: 0 }).compile();
    const texts = (n: number) => `$${COLUMNS.length + n}`;
    const column = (name: (typeof COLUMNS)[number]) => `$${COLUMNS.indexOf(name) + 1}`;
    // The product.created event too, from the row's own parameters (its document, owner and
    // published flag) and one more, the event's time.
    this.insertRowWithTexts =
      dialect === 'postgres'
        ? `WITH product AS (${this.insertRow.sql} RETURNING id),
      texts AS (INSERT INTO product_texts (product_id, product_desc, search_text, name_length, desc_length)
        SELECT id, ${texts(1)}::text, ${texts(2)}::text, ${texts(3)}::integer, ${texts(4)}::integer FROM product)
      INSERT INTO events (${EVENT_COLUMNS.join(', ')})
      SELECT 'product.created', ${texts(5)}::text, ${column('doc')}::text, ${column('owner_id')}::text, NULL, ${column('published')}::integer FROM product`
        : undefined;
    this.selectOwner = this.lockedForShare(db.selectFrom('rents').select('profile').where('id', '=', '')).compile();
    this.selectSlugs = db
      .selectFrom('products')
      .select(['slug', 'id'])
      // `base` and `base-…` as one index range: '.' is the character after '-', and a slug's
      // other characters (digits, letters) sort after '.', so `base2` or `basement` fall outside.
      .where((eb) => eb.and([eb('slug', '>=', ''), eb('slug', '<', '')]))
      .compile();
    this.whereOptions = { textSql: this.textSql, unindexedSideKeys: dialect === 'sqlite' };
  }

  private filterSql(filter: ProductFilter): RawBuilder<SqlBool> {
    const parts: RawBuilder<SqlBool>[] = [];
    if (filter.access) parts.push(whereToSql('products', filter.access, this.whereOptions));
    if (filter.where) parts.push(whereToSql('products', filter.where, this.whereOptions));
    if (filter.searchWords && filter.searchWords.length > 0) parts.push(this.searchSql(filter.searchWords));
    if (filter.available) parts.push(sql<SqlBool>`products.id NOT IN (${blockedProductsSql(this.dialect, filter.available)})`);
    if (filter.reserved) parts.push(this.reservedSql(filter.reserved));
    return and(parts);
  }

  /**
   * The product has a reservation overlapping an interval (its bare interval: no buffers): a
   * range of its own (product_id, starts_at) index.
   */
  private reservedSql({ start, end }: Interval): RawBuilder<SqlBool> {
    return sql<SqlBool>`EXISTS (SELECT 1 FROM reservations r WHERE r.product_id = products.id AND r.starts_at < ${end} AND r.ends_at > ${start})`;
  }

  /**
   * Ids of the products not available during an interval (see blocked-products.ts). They come joined
   * into one text (ids hold no commas): tens of thousands of one-column rows cost the driver
   * an object each, twice the time of the query itself.
   */
  async blockedIds(interval: Interval): Promise<Set<string>> {
    const joined = this.dialect === 'sqlite' ? sql`group_concat(b.product_id, ',')` : sql`string_agg(b.product_id, ',')`;
    const [ids] = await this.reader.column<string | null>(sql`SELECT ${joined} AS ids FROM (${blockedProductsSql(this.dialect, interval)}) b`.compile(this.db), 'ids');
    return new Set(ids ? ids.split(',') : []);
  }

  /** What the search index (of `t`, a product_texts row) can say about folded words: they may all be in `search_text`. */
  private indexMatch(words: string[]): RawBuilder<SqlBool>[] {
    const long = words.filter(trigramsOf);
    if (long.length === 0) return [];
    if (this.dialect === 'postgres') return long.map((word) => sql<SqlBool>`t.search_text LIKE ${containsPattern(word)} ESCAPE '\\'`);
    const match = long.map((word) => `"${word.replace(/"/g, '""')}"`).join(' AND ');
    return [sql<SqlBool>`t.seq IN (SELECT rowid FROM products_fts WHERE products_fts MATCH ${match})`];
  }

  /** A product_texts row `t` holds all `words` (folded). */
  private searchedTexts(words: string[]): RawBuilder<SqlBool> {
    const short = words.filter((word) => !trigramsOf(word)).map((word) => sql<SqlBool>`t.search_text LIKE ${containsPattern(word)} ESCAPE '\\'`);
    return and([...short, ...this.indexMatch(words)]);
  }

  private searchSql(words: string[]): RawBuilder<SqlBool> {
    return this.textsMatching(this.searchedTexts(words));
  }

  /**
   * The ids of every product (published or not) whose texts hold all `words` (folded), joined
   * by commas in no particular order: a search's matches, to be narrowed by a list kept in
   * memory. On SQLite from the search index and an index of product_texts' rowids alone
   * (migration 060): read through the table, each match cost a read of its ~2 KB row.
   */
  async searchedIds(words: string[]): Promise<string> {
    const indexed = this.dialect === 'sqlite' && words.some(trigramsOf);
    const texts = indexed ? sql`product_texts t INDEXED BY product_texts_seq_product` : sql`product_texts t`;
    const joined = this.dialect === 'sqlite' ? sql`group_concat(t.product_id, ',')` : sql`string_agg(t.product_id, ',')`;
    const [ids] = await this.reader.column<string | null>(sql`SELECT ${joined} AS ids FROM ${texts} WHERE ${this.searchedTexts(words)}`.compile(this.db), 'ids');
    return ids ?? '';
  }

  /** The products whose product_texts row `t` meets `condition` (on SQLite, by `+products.id`: see sideKey). */
  private textsMatching(condition: RawBuilder<SqlBool>): RawBuilder<SqlBool> {
    return sql<SqlBool>`${sideKey('products', this.whereOptions.unindexedSideKeys)} IN (SELECT t.product_id FROM product_texts t WHERE ${condition})`;
  }

  /**
   * `like` and `contains` on name, description and location, through the search index and the
   * stored folded texts (FOLDED_PARTS). `like` is then exact; `contains`, which folds case but
   * not accents, is narrowed by its folded text (what a text contains, its folding contains
   * folded) and then tested on the field itself, in the rows that remain.
   */
  private readonly textSql = (c: TextCondition): RawBuilder<SqlBool> | undefined => {
    const part = FOLDED_PARTS[c.field.column];
    if (!part || (c.op === 'like' && c.words.length === 0)) return undefined;
    const words = c.op === 'like' ? c.words : [foldText(c.words[0])];
    const narrowed = [...this.indexMatch(words), ...words.map((word) => sql<SqlBool>`${part} LIKE ${containsPattern(word)} ESCAPE '\\'`)];
    if (c.op === 'contains' && c.field.sideTable) narrowed.push(textConditionSql(sql.ref('t.product_desc'), c));
    const matches = this.textsMatching(and(narrowed));
    return c.op === 'contains' && !c.field.sideTable ? and([matches, textConditionSql(sql.ref(`products.${c.field.column}`), c)]) : matches;
  };

  private selectRead(db: Db = this.db) {
    return db.selectFrom('products').select(COLUMNS.map((column) => `products.${column}` as const));
  }

  /** The rows of a compiled read on the service's connection: through SQLite's fast lane where there is one. */
  private async readRows<R>(sql: string, parameters: unknown[]): Promise<R[]> {
    if (this.now) return this.now.read<R>(sql, parameters);
    return (await this.db.executeQuery<R>(CompiledQuery.raw(sql, parameters))).rows;
  }

  /** One product, if it exists and matches the access filter. */
  async get(id: string, access?: WhereNode): Promise<ProductReadRow | undefined> {
    if (!access) {
      return (await this.owners.attach(await this.readRows<ProductStoredRow>(this.getById.sql, [id])))[0];
    }
    const row = await this.selectRead().where('products.id', '=', id).where(whereToSql('products', access)).executeTakeFirst();
    return row && (await this.owners.attach([row]))[0];
  }

  /**
   * The ids of every matching product in order, read from the indexes alone, joined by commas
   * (ids hold none): hundreds of thousands of one-column rows would cost the driver (and the
   * reader thread's message) an object each. At most `max` (undefined when there are more, so
   * that the caller pages in SQL instead).
   */
  async listIds(filter: ProductFilter, sort: SortKey[], max: number): Promise<{ ids: string; count: number } | undefined> {
    const [row] = await this.reader.rows<{ ids: string | null; n: number | string }>(sql`SELECT ${this.joinedInOrder(sql.ref('m.id'))} AS ids, count(*) AS n
      FROM (${this.inOrder(filter, sort, max + 1)}) m`.compile(this.db));
    const count = Number(row?.n ?? 0);
    return count > max ? undefined : { ids: row?.ids ?? '', count };
  }

  /**
   * The ids of every matching product whose `field` is set, in order, joined by commas, each
   * with that value; at most `max` (undefined when there are more). Read from the indexes alone.
   */
  async rankedIds(filter: ProductFilter, field: FieldDef, sort: SortKey[], max: number): Promise<{ ids: string; values: Float64Array } | undefined> {
    const value = sql.ref(`products.${field.column}`);
    const matching = and([this.filterSql(filter), sql<SqlBool>`${value} IS NOT NULL`]);
    const [row] = await this.reader.rows<{ ids: string | null; vals: string | null; n: number | string }>(sql`SELECT ${this.joinedInOrder(sql.ref('m.id'))} AS ids,
      ${this.joinedInOrder(sql`m.value`)} AS vals, count(*) AS n
      FROM (SELECT products.id AS id, ${value} AS value${this.positionColumn(sort)}
        FROM products WHERE ${matching} ${orderClause('products', sort)} LIMIT ${max + 1}) m`.compile(this.db));
    if (Number(row?.n ?? 0) > max) return undefined;
    const values = row?.vals ? row.vals.split(',') : [];
    return { ids: row?.ids ?? '', values: Float64Array.from(values, Number) };
  }

  /** The matching ids in order, each with its place in it (`position`, on PostgreSQL), at most `limit`. */
  private inOrder(filter: ProductFilter, sort: SortKey[], limit: number) {
    return sql`SELECT products.id AS id${this.positionColumn(sort)}
      FROM products WHERE ${this.filterSql(filter)} ${orderClause('products', sort)} LIMIT ${limit}`;
  }

  private positionColumn(sort: SortKey[]) {
    return this.dialect === 'postgres' ? sql`, row_number() OVER (${orderClause('products', sort)}) AS position` : sql``;
  }

  /**
   * The values of `m`'s rows joined by commas in its order: on PostgreSQL by `m.position`; on
   * SQLite as the subquery yields them (its LIMIT keeps it a coroutine that the aggregate
   * reads in order), which sorting again by position made two to three times slower.
   */
  private joinedInOrder(value: RawBuilder<unknown> | ReturnType<typeof sql.ref>) {
    return this.dialect === 'postgres' ? sql`string_agg(${value}::text, ',' ORDER BY m.position)` : sql`group_concat(${value}, ',')`;
  }

  /** The ids of one page, from the indexes alone. */
  async pageIds(filter: ProductFilter, sort: SortKey[], limit: number, offset: number): Promise<string[]> {
    return this.reader.column<string>(sql`SELECT products.id AS id FROM products WHERE ${this.filterSql(filter)} ${orderClause('products', sort)} LIMIT ${limit} OFFSET ${offset}`.compile(this.db), 'id');
  }

  /** Up to `limit` products in id order after `afterId` (all of them, in turn, without a filter). */
  async after(afterId: string, limit: number): Promise<ProductReadRow[]> {
    const rows = await this.selectRead().where('products.id', '>', afterId).orderBy('products.id').limit(limit).execute();
    return this.owners.attach(rows);
  }

  /**
   * The documents of several products, in the order of `ids` (missing ones left out). Only
   * the columns a body needs: every column more costs a property on every row.
   */
  async getDocs(ids: string[]): Promise<ProductDocRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.owners.attach(await this.db.selectFrom('products').select(['id', 'owner_id', 'doc']).where('id', 'in', ids).execute());
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /**
   * The documents of `ids` (those that exist, in that order) as their UTF-8 bytes, with their
   * owners' columns: a list page splices its bodies out of the bytes (compose-page.ts), so
   * the driver need not decode ~2 KB of text a product into a string that is then encoded
   * back. The statement's text is compiled once per count of ids.
   */
  async getDocBytes(ids: string[]): Promise<ProductBytesRow[]> {
    if (ids.length === 0) return [];
    const { rows } = await this.db.executeQuery<Pick<ProductBytesRow, 'id' | 'owner_id' | 'doc'>>(
      this.dialect === 'postgres' ? CompiledQuery.raw(this.docBytesSql.get(ids.length, docBytesSelect(this.db)), ids) : CompiledQuery.raw(DOC_BYTES_SQLITE, [JSON.stringify(ids)]),
    );
    const byId = new Map((await this.owners.attach(rows)).map((row) => [row.id, row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /**
   * A page: the ids are found on the indexes alone (deep offsets skip index entries, not
   * documents), then only that page's documents are read.
   */
  async list(filter: ProductFilter, sort: SortKey[], limit: number, offset: number): Promise<ProductReadRow[]> {
    const order = orderClause('products', sort);
    const page = sql`SELECT products.id FROM products WHERE ${this.filterSql(filter)} ${order} LIMIT ${limit} OFFSET ${offset}`;
    const rows = await this.reader.rows<ProductStoredRow>(sql`
      SELECT ${sql.join(COLUMNS.map((column) => sql.ref(`products.${column}`)))}
      FROM (${page}) page
      JOIN products ON products.id = page.id
      ${order}`.compile(this.db));
    return this.owners.attach(rows);
  }

  async count(filter: ProductFilter): Promise<number> {
    const query = this.db.selectFrom('products').select(sql<number>`count(*)`.as('total')).where(this.filterSql(filter)).compile();
    const [total] = await this.reader.column<number>(query, 'total');
    return Number(total);
  }

  /**
   * How many products there are at most, cheaply. On SQLite the largest rowid: a walk down
   * the table's b-tree, where `count(*)` reads a whole index (~1 s at 1,000,000 products from
   * a cold disk, 18 ms warm) and holds the list reader meanwhile. Rows deleted below it make
   * it larger than the count, which errs on the side of warming less. PostgreSQL counts them.
   */
  async countAtMost(): Promise<number> {
    const query = this.dialect === 'sqlite' ? sql<{ n: number | null }>`SELECT max(rowid) AS n FROM products` : sql<{ n: number | null }>`SELECT count(*) AS n FROM products`;
    const [n] = await this.reader.column<number | string | null>(query.compile(this.db), 'n');
    return Number(n ?? 0);
  }

  async exists(id: string): Promise<boolean> {
    const row = await this.db.selectFrom('products').select('id').where('id', '=', id).executeTakeFirst();
    return row !== undefined;
  }

  /** The ids of the products with this slug (at most one): a point lookup on the slug's unique index. */
  async idsWithSlug(slug: string): Promise<string[]> {
    const rows = await this.db.selectFrom('products').select('id').where('slug', '=', slug).execute();
    return rows.map((row) => row.id);
  }

  /** Slugs equal to `base` or starting with `base-` (base-N among them), with the products that hold them. */
  async slugsLike(base: string): Promise<{ slug: string; id: string }[]> {
    return this.readRows(this.selectSlugs.sql, [base, `${base}.`]);
  }

  async insert(record: ProductRecord): Promise<void> {
    const row: ProductsTable = { ...record.row, version: record.row.version ?? 1 };
    const rowValues = COLUMNS.map((column) => row[column]);
    const textValues = [record.texts.product_desc, record.texts.search_text, record.texts.name_length, record.texts.desc_length];
    const inOneStatement = this.insertRowWithTexts;
    const events = productWriteEvents(record);
    // SQLite: the owner's check, the row, its texts and its event at once (SqliteNow).
    const now = writesAlone(record) ? this.now : undefined;
    await detectUnique(() =>
      inOneStatement && writesAlone(record)
        ? this.insertAlone(inOneStatement, record, [...rowValues, ...textValues, new Date().toISOString()])
        : now
          ? now.write((db) => {
              const ownerId = ownerToCheck(record) ? record.row.owner_id : null;
              if (ownerId) ownerRefusal(ownerId, record.row.selected_term, db.all<{ profile: string }>(this.selectOwner.sql, [ownerId])[0]);
              db.run(this.insertRow.sql, rowValues);
              db.run(this.insertTexts.sql, [record.row.id, ...textValues]);
              this.outbox.appendNow(db, events);
            })
        : this.db.transaction().execute(async (trx) => {
            await this.checkOwner(trx, record);
            await trx.executeQuery(CompiledQuery.raw(this.insertRow.sql, rowValues));
            await trx.executeQuery(CompiledQuery.raw(this.insertTexts.sql, [record.row.id, ...textValues]));
            await this.writeChildren(trx, [record]);
            await this.outbox.append(trx, events);
          }),
    );
    await this.changed(record.row.id);
  }

  /**
   * PostgreSQL: a product with no term, reservations or gallery to check and write, in one
   * statement: one round trip instead of five (BEGIN, the owner's lock, two inserts, COMMIT),
   * each ~60 µs of socket writes here. Without a term the owner need only exist: the foreign
   * key checks that, and locks the account row FOR KEY SHARE until the commit, which a
   * deletion's FOR UPDATE waits for (or the insert waits for the deletion, and fails).
   */
  private async insertAlone(statement: string, record: ProductRecord, values: unknown[]): Promise<void> {
    try {
      await this.db.executeQuery(CompiledQuery.raw(statement, values));
    } catch (error) {
      const { constraint } = error as { constraint?: unknown };
      if (isForeignKeyViolation(error) && constraint === 'products_owner_id_fkey' && record.row.owner_id) throw new MissingOwner(record.row.owner_id);
      throw error;
    }
  }

  /**
   * Many new products written as `insert` writes each (the owner's check, the row, its texts,
   * reservations, gallery links and events), in order, in one transaction: an import's batch.
   * Each product is a savepoint of its own, so one that fails (a taken id or slug, a reference
   * gone meanwhile) is rolled back alone; its error, as `insert` would throw it, is at its index.
   * The caches are told once, for the whole batch.
   */
  async insertBatch(records: readonly ProductRecord[]): Promise<unknown[]> {
    const failures: unknown[] = records.map(() => undefined);
    const run = (trx: Transaction<DatabaseSchema>, statement: string) => trx.executeQuery(CompiledQuery.raw(statement));
    await this.db.transaction().execute(async (trx) => {
      for (const [index, record] of records.entries()) {
        await run(trx, 'SAVEPOINT batch_row');
        try {
          await this.checkOwner(trx, record);
          const row: ProductsTable = { ...record.row, version: record.row.version ?? 1 };
          await trx.executeQuery(CompiledQuery.raw(this.insertRow.sql, COLUMNS.map((column) => row[column])));
          const { product_desc: desc, search_text: search, name_length: nameLength, desc_length: descLength } = record.texts;
          await trx.executeQuery(CompiledQuery.raw(this.insertTexts.sql, [record.row.id, desc, search, nameLength, descLength]));
          await this.writeChildren(trx, [record]);
          await this.outbox.append(trx, productWriteEvents(record));
          await run(trx, 'RELEASE SAVEPOINT batch_row');
        } catch (error) {
          await run(trx, 'ROLLBACK TO SAVEPOINT batch_row');
          await run(trx, 'RELEASE SAVEPOINT batch_row');
          failures[index] = asUniqueViolation(error) ?? error;
        }
      }
    });
    if (failures.some((failure) => failure === undefined)) await this.changed();
    return failures;
  }

  /** Bulk load: many products in one transaction, in multi-row statements (seeding, benchmarks). It records no events. */
  async insertMany(records: ProductRecord[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (let i = 0; i < records.length; i += CHUNK) {
        const chunk = records.slice(i, i + CHUNK);
        await trx.insertInto('products').values(chunk.map((record) => ({ ...record.row, version: record.row.version ?? 1 }))).execute();
        await trx.insertInto('product_texts').values(chunk.map((record) => ({ product_id: record.row.id, ...record.texts }))).execute();
        await this.writeChildren(trx, chunk);
      }
    });
    await this.changed();
  }

  /**
   * Replaces a product if it is still at `expectedVersion`; false when someone changed it first.
   * Given the record it replaces, only the parts that differ are rewritten (the full-text index
   * of an unchanged description is not touched).
   */
  async replace(record: ProductRecord, expectedVersion: number, previous?: ProductRecord): Promise<boolean> {
    const { id, ...columns } = record.row;
    const set = { ...changedColumns(columns, previous?.row), version: expectedVersion + 1 };
    const update = (returning: boolean) => this.updateStatement(set, id, expectedVersion, returning);
    const updateRow = async (db: Db) => Number((await db.executeQuery(update(false))).numAffectedRows ?? 0) === 1;
    const events = previous && productWriteEvents(record, previous);
    // The row and its one event (product.updated: no reservation changed) alone: on
    // PostgreSQL in one statement, which needs no transaction (two round trips fewer: BEGIN,
    // COMMIT); on SQLite both at once in a savepoint of the batch (SqliteNow). Anything more
    // goes in a transaction (on SQLite, a savepoint of the batch too).
    const alone = previous !== undefined && rowAlone(record, previous) && events?.length === 1;
    const now = alone ? this.now : undefined;
    const replaced = await detectUnique(() =>
      alone && this.dialect === 'postgres'
        ? this.updateWithEvent(update(true), (events as NewEvent[])[0] as NewEvent)
        : now
          ? now.write((db) => {
              const statement = update(false);
              if (db.run(statement.sql, statement.parameters) !== 1) return false;
              this.outbox.appendNow(db, events as NewEvent[]);
              return true;
            })
        : this.db.transaction().execute(async (trx) => {
            const recorded = events ?? productWriteEvents(record, await this.storedSource(trx, id));
            await this.checkOwner(trx, record, previous);
            if (!(await updateRow(trx))) return false;
            if (previous && previous.row.owner_id !== record.row.owner_id) await this.moveBookings(trx, id, record.row.owner_id);
            if (!previous || !sameTexts(record, previous)) await trx.updateTable('product_texts').set(record.texts).where('product_id', '=', id).execute();
            const children: ProductChildren = { row: record.row, reservations: [], mediaIds: [], namedMedia: [] };
            if (!previous || !sameReservations(record.reservations, previous.reservations)) {
              await trx.deleteFrom('reservations').where('product_id', '=', id).execute();
              children.reservations = record.reservations;
            }
            if (!previous || !sameItems(record.mediaIds, previous.mediaIds)) {
              await trx.deleteFrom('product_media').where('product_id', '=', id).execute();
              children.mediaIds = record.mediaIds;
              children.namedMedia = record.namedMedia;
            }
            await this.writeChildren(trx, [children]);
            await this.outbox.append(trx, recorded);
            return true;
          }),
    );
    if (replaced) await this.changed(id);
    return replaced;
  }

  /**
   * `UPDATE products SET <set> WHERE id = <id> AND version = <expectedVersion>` (RETURNING id
   * when `returning`), its text compiled by Kysely once per set of columns instead of built
   * and compiled on every call (Kysely's builders and frozen nodes showed in write profiles).
   */
  private updateStatement(set: Partial<ProductsTable>, id: string, expectedVersion: number, returning: boolean): CompiledQuery {
    const names = Object.keys(set);
    const key = `${returning ? 'returning:' : ''}${names.join(',')}`;
    const text = this.updateSql.get(key, () => {
      const template = Object.fromEntries(names.map((name) => [name, null])) as Partial<ProductsTable>;
      const query = this.db.updateTable('products').set(template).where('id', '=', '').where('version', '=', 0);
      return (returning ? query.returning('id') : query).compile().sql;
    });
    return CompiledQuery.raw(text, [...Object.values(set), id, expectedVersion]);
  }

  /** PostgreSQL: a compiled UPDATE … RETURNING id and the event it records, as one statement; whether it updated. */
  private async updateWithEvent(updated: CompiledQuery, event: NewEvent): Promise<boolean> {
    const first = updated.parameters.length + 1;
    const casts = ['text', 'text', 'text', 'text', 'text', 'integer'];
    const statement = `WITH changed AS (${updated.sql})
      INSERT INTO events (${EVENT_COLUMNS.join(', ')}) SELECT ${casts.map((cast, i) => `$${first + i}::${cast}`).join(', ')} FROM changed`;
    const result = await this.db.executeQuery(CompiledQuery.raw(statement, [...updated.parameters, ...eventValues(event, new Date().toISOString())]));
    return Number(result.numAffectedRows ?? 0) === 1;
  }

  /** The stored product as its events need it (a replace given no previous record). */
  private async storedSource(trx: Transaction<DatabaseSchema>, id: string): Promise<ProductEventSource | undefined> {
    const row = await trx.selectFrom('products').select(['id', 'owner_id', 'published', 'doc']).where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    const reservations = await trx.selectFrom('reservations').select(['id', 'starts_at as start', 'ends_at as end']).where('product_id', '=', id).execute();
    return { row, reservations };
  }

  private async writeChildren(trx: Transaction<DatabaseSchema>, records: ProductChildren[]): Promise<void> {
    await this.checkMediaExist(trx, records.flatMap((record) => record.namedMedia));
    const reservations = records.flatMap((record) =>
      record.reservations.map((r) => ({ product_id: record.row.id, id: r.id, starts_at: r.start, ends_at: r.end, block_start: r.blockStart, block_end: r.blockEnd })),
    );
    for (let i = 0; i < reservations.length; i += CHUNK) await trx.insertInto('reservations').values(reservations.slice(i, i + CHUNK)).execute();
    const links = records.flatMap((record) => [...new Set(record.mediaIds)].map((mediaId) => ({ product_id: record.row.id, media_id: mediaId })));
    for (let i = 0; i < links.length; i += CHUNK) await trx.insertInto('product_media').values(links.slice(i, i + CHUNK)).execute();
  }

  /** On PostgreSQL the rows a write's check reads stay locked FOR SHARE until its commit; SQLite runs one write at a time. */
  private lockedForShare<Q extends { forShare(): Q }>(query: Q): Q {
    return this.dialect === 'postgres' ? query.forShare() : query;
  }

  /**
   * The owner still exists, and still has the term the product selects, checked inside the
   * write's transaction when the write sets either (the earlier check reads the owners' cache,
   * and an account may be deleted or lose terms in between). On PostgreSQL the account row
   * stays locked (FOR SHARE) until the commit; an account change that removes terms updates
   * that row first and then looks for products selecting them, and a deletion locks it FOR
   * UPDATE and then counts the account's products, so one waits for the other and then sees
   * what it did.
   */
  private async checkOwner(trx: Transaction<DatabaseSchema>, record: ProductRecord, previous?: ProductRecord): Promise<void> {
    const { owner_id: ownerId, selected_term: term } = record.row;
    if (!ownerId || !ownerToCheck(record, previous)) return;
    const [owner] = (await trx.executeQuery<{ profile: string }>(CompiledQuery.raw(this.selectOwner.sql, [ownerId]))).rows;
    ownerRefusal(ownerId, term, owner);
  }

  /**
   * A product given to another account takes its bookings along (SPEC 9: the owner sees, and
   * answers, the bookings of their products), in the write's transaction: the former owner no
   * longer reads its customers' details, and the new one can confirm what was asked.
   */
  private async moveBookings(trx: Transaction<DatabaseSchema>, productId: string, ownerId: string | null): Promise<void> {
    const rows = await trx.selectFrom('bookings').select(['id', 'doc']).where('product_id', '=', productId).execute();
    for (const row of rows) {
      const doc = { ...(JSON.parse(row.doc) as Record<string, unknown>), owner: ownerId };
      await trx.updateTable('bookings').set({ owner_id: ownerId, doc: JSON.stringify(doc) }).where('id', '=', row.id).execute();
    }
  }

  /**
   * The media the galleries name still exist, checked inside the write's transaction: the
   * earlier check reads the media cache, and a deletion could land in between and leave a
   * gallery naming nothing. On SQLite the transactions run one at a time; on PostgreSQL the rows
   * stay locked (FOR SHARE) until the commit, and a deletion first locks its row FOR UPDATE, so
   * one waits for the other and then sees what it did.
   */
  private async checkMediaExist(trx: Transaction<DatabaseSchema>, ids: string[]): Promise<void> {
    const wanted = [...new Set(ids)];
    const found = new Set<string>();
    for (let i = 0; i < wanted.length; i += CHUNK) {
      const query = trx.selectFrom('rent_media').select('id').where('id', 'in', wanted.slice(i, i + CHUNK));
      for (const row of await this.lockedForShare(query).execute()) found.add(row.id);
    }
    const missing = wanted.find((id) => !found.has(id));
    if (missing !== undefined) throw new MissingMedia(missing);
  }

  /**
   * Deletes a product at a known version, and records product.deleted with the document as it
   * was; its texts, reservations and media links go by cascade. PostgreSQL: one statement.
   */
  async delete(id: string, expectedVersion: number): Promise<boolean> {
    const removal = (db: Db) => db.deleteFrom('products').where('id', '=', id).where('version', '=', expectedVersion).returning(['id', 'doc', 'owner_id', 'published']);
    let deleted: boolean;
    if (this.dialect === 'postgres') {
      const statement = `WITH gone AS (${removal(this.db).compile().sql})
        INSERT INTO events (${EVENT_COLUMNS.join(', ')}) SELECT 'product.deleted', $3::text, doc, owner_id, NULL, published FROM gone`;
      const result = await this.db.executeQuery(CompiledQuery.raw(statement, [id, expectedVersion, new Date().toISOString()]));
      deleted = Number(result.numAffectedRows ?? 0) === 1;
    } else {
      deleted = await this.db.transaction().execute(async (trx) => {
        const gone = await removal(trx).executeTakeFirst();
        if (gone) await this.outbox.append(trx, [productDeletedEvent(gone)]);
        return gone !== undefined;
      });
    }
    if (deleted) await this.changed(id);
    return deleted;
  }
}
