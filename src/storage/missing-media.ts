/**
 * A gallery names media that no longer exist: a deletion landed between the write's earlier
 * check (against the media cache) and its transaction.
 */
export class MissingMedia extends Error {
  constructor(readonly mediaId: string) {
    super(`No rentMedia document has the id ${mediaId}`);
    this.name = 'MissingMedia';
  }
}
