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
