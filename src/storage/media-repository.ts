import type { Kysely } from 'kysely';
import { mediaUrl } from '../domain/media.js';
import { fileReference } from '../domain/product-validation.js';
import type { ReadFilter, SortKey, WhereNode } from '../domain/where/types.js';
import type { DatabaseSchema, Dialect, RentMediaTable } from './schema.js';
import { detectUnique } from './unique-violation.js';
import { FilteredRows } from './filtered-rows.js';
import type { ListReader } from './list-reader.js';
import { whereToSql } from './where-sql.js';
import type { NewEvent, Outbox } from './outbox.js';

/** media.created / media.deleted, with the media document. */
const mediaEvent = (type: 'media.created' | 'media.deleted', row: Pick<RentMediaTable, 'doc' | 'owner_id'>): NewEvent => ({ type, data: row.doc, owner: row.owner_id });

/** A media document's image object, as a product gallery shows it. */
export interface MediaImage {
  id: string;
  alt: string;
  filename: string;
  mimeType: string;
  url: string;
  width: number;
  height: number;
}

/** The file names a media document's files have: its own and its sizes'. */
function filenamesOf(doc: string): string[] {
  const { filename, sizes } = JSON.parse(doc) as { filename: string; sizes?: Record<string, { filename: string }> };
  return [filename, ...Object.values(sizes ?? {}).map((size) => size.filename)];
}

export class MediaRepository {
  private readonly filtered: FilteredRows<'rent_media'>;

  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    /** Where lists and counts run: on SQLite, a thread of their own (see WorkerReader). */
    reader: ListReader,
    private readonly dialect: Dialect,
    private readonly changed: () => Promise<void>,
    /** Where uploads and deletions record their events (SPEC 11), in their own transaction. */
    private readonly outbox: Outbox,
  ) {
    this.filtered = new FilteredRows(db, reader, 'rent_media');
  }

  /** The image objects of the given ids that exist (in no particular order). */
  async images(ids: string[]): Promise<Map<string, MediaImage>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('rent_media')
      .select(['id', 'alt', 'filename', 'mime_type', 'width', 'height'])
      .where('id', 'in', unique)
      .execute();
    return new Map(
      rows.map((row) => [
        row.id,
        { id: row.id, alt: row.alt ?? '', filename: row.filename, mimeType: row.mime_type, url: mediaUrl(row.filename), width: row.width, height: row.height },
      ]),
    );
  }

  async insert(row: RentMediaTable): Promise<void> {
    await detectUnique(() =>
      this.db.transaction().execute(async (trx) => {
        // Its names are claimed for good (a deleted file's may be cached for a year): one taken, ever, is a UniqueViolation.
        await trx.insertInto('media_filenames').values(filenamesOf(row.doc).map((filename) => ({ filename }))).execute();
        await trx.insertInto('rent_media').values(row).execute();
        await this.outbox.append(trx, [mediaEvent('media.created', row)]);
      }),
    );
    await this.changed();
  }

  async get(id: string, access?: WhereNode): Promise<RentMediaTable | undefined> {
    const query = this.db.selectFrom('rent_media').selectAll().where('id', '=', id);
    return (access ? query.where(whereToSql('rent_media', access)) : query).executeTakeFirst();
  }

  ids(filter: ReadFilter, sort: SortKey[], limit: number): Promise<string[]> {
    return this.filtered.ids(filter, sort, limit);
  }

  list(filter: ReadFilter, sort: SortKey[], limit: number, offset: number): Promise<RentMediaTable[]> {
    return this.filtered.rows(filter, sort, limit, offset);
  }

  count(filter: ReadFilter): Promise<number> {
    return this.filtered.count(filter);
  }

  async update(id: string, changes: Pick<RentMediaTable, 'alt' | 'updated_at' | 'doc'>): Promise<void> {
    await this.db.updateTable('rent_media').set(changes).where('id', '=', id).execute();
    await this.changed();
  }

  /**
   * Takes back an upload whose files could not be stored: its row (and event) as a deletion,
   * and with `releaseNames` its file names (when none of its files was ever stored).
   */
  async discardUpload(id: string, releaseNames: boolean): Promise<void> {
    const { doc } = await this.deleteUnlessUsed(id);
    if (doc !== undefined && releaseNames) await this.db.deleteFrom('media_filenames').where('filename', 'in', filenamesOf(doc)).execute();
  }

  /** Deletes unless a product gallery uses it; returns the id of such a product instead, or the document deleted. */
  async deleteUnlessUsed(id: string): Promise<{ deleted: boolean; usedBy?: string; doc?: string }> {
    const result = await this.db.transaction().execute(async (trx) => {
      // PostgreSQL: a product write that names this image holds it FOR SHARE until its commit;
      // waiting here for that lock, the check below then sees the gallery it wrote.
      const media = trx.selectFrom('rent_media').select('doc').where('id', '=', id);
      const row = await (this.dialect === 'postgres' ? media.forUpdate() : media).executeTakeFirst();
      if (!row) return { deleted: false };
      // Used by id, or by an image object whose url names one of its files.
      const references = [id, ...filenamesOf(row.doc).map(fileReference)];
      const use = await trx.selectFrom('product_media').select('product_id').where('media_id', 'in', references).limit(1).executeTakeFirst();
      if (use) return { deleted: false, usedBy: use.product_id };
      const deleted = await trx.deleteFrom('rent_media').where('id', '=', id).returning(['doc', 'owner_id']).executeTakeFirst();
      if (!deleted) return { deleted: false };
      await this.outbox.append(trx, [mediaEvent('media.deleted', deleted)]);
      return { deleted: true, doc: deleted.doc };
    });
    if (result.deleted) await this.changed();
    return result;
  }
}
