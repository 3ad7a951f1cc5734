/**
 * What a write found when it checked its references again inside its transaction, where no
 * other write can slip in between the check and the write (the checks before it read caches).
 */

/** A gallery names media that no longer exist. */
export class MissingMedia extends Error {
  constructor(readonly mediaId: string) {
    super(`No rentMedia document has the id ${mediaId}`);
    this.name = 'MissingMedia';
  }
}

/** A product names an owner whose account no longer exists. */
export class MissingOwner extends Error {
  constructor(readonly ownerId: string) {
    super(`No rents account has the id ${ownerId}`);
    this.name = 'MissingOwner';
  }
}

/** A product selects a term its owner no longer has. */
export class MissingTerm extends Error {
  constructor(readonly termId: string) {
    super(`The owner has no term ${termId}`);
    this.name = 'MissingTerm';
  }
}

/** An account change removes a term that a product of the account still selects. */
export class TermInUse extends Error {
  constructor(
    readonly termId: string,
    readonly productId: string,
  ) {
    super(`Term ${termId} is selected by product ${productId}`);
    this.name = 'TermInUse';
  }
}

/** A write refused by a foreign key (better-sqlite3 or pg): what it names, or what names it, is not there. */
export function isForeignKeyViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code } = error as { code?: unknown };
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}
