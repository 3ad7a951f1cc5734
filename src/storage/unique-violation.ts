/** A write that broke a uniqueness rule; `target` names what was taken, as `table.column`. */
export class UniqueViolation extends Error {
  constructor(readonly target: string) {
    super(`Unique constraint failed: ${target}`);
    this.name = 'UniqueViolation';
  }
}

const POSTGRES_CONSTRAINTS: Record<string, string> = {
  products_pkey: 'products.id',
  products_slug_unique: 'products.slug',
  rents_pkey: 'rents.id',
  rents_email_unique: 'rents.email',
  rent_media_pkey: 'rent_media.id',
  rent_media_filename_unique: 'rent_media.filename',
  media_filenames_pkey: 'media_filenames.filename',
  reservations_pkey: 'reservations.id',
};

/** Recognises the unique-constraint errors of better-sqlite3 and pg. */
export function asUniqueViolation(error: unknown): UniqueViolation | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, message, constraint } = error as { code?: unknown; message?: unknown; constraint?: unknown };
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    const match = /constraint failed: ([\w.]+)/.exec(String(message));
    const target = match?.[1] ?? 'unknown';
    return new UniqueViolation(target.startsWith('reservations.') ? 'reservations.id' : target);
  }
  if (code === '23505') {
    return new UniqueViolation(POSTGRES_CONSTRAINTS[String(constraint)] ?? String(constraint));
  }
  return undefined;
}

/** Runs a write, turning a uniqueness failure into UniqueViolation. */
export async function detectUnique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw asUniqueViolation(error) ?? error;
  }
}
