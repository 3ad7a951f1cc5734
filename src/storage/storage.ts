import { sql } from 'kysely';
import { migrate, openDatabase } from './database.js';
import { MediaRepository } from './media-repository.js';
import { ProductsRepository } from './products-repository.js';
import { RentsRepository } from './rents-repository.js';
import { SessionsRepository } from './sessions-repository.js';
import type { Dialect } from './schema.js';

/** The service's one door to its database, whichever dialect is behind it. */
export interface Storage {
  readonly dialect: Dialect;
  readonly products: ProductsRepository;
  readonly rents: RentsRepository;
  readonly media: MediaRepository;
  readonly sessions: SessionsRepository;
  /** Resolves when the database answers. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export async function openStorage(databaseUrl: string, dataDir: string): Promise<Storage> {
  const database = openDatabase(databaseUrl, dataDir);
  try {
    await migrate(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  const { db, dialect } = database;
  return {
    dialect,
    products: new ProductsRepository(db, dialect),
    rents: new RentsRepository(db),
    media: new MediaRepository(db),
    sessions: new SessionsRepository(db),
    async ping() {
      await sql`SELECT 1`.execute(db);
    },
    close: () => database.close(),
  };
}
