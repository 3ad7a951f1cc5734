import type { MediaDoc } from '../../domain/media.js';
import type { RentMediaTable } from '../../storage/schema.js';

export const mediaDocOf = (row: RentMediaTable): MediaDoc => JSON.parse(row.doc) as MediaDoc;

/** Every file a media document owns: the original and its sizes. */
export const filesOf = (doc: MediaDoc): string[] => [doc.filename, ...Object.values(doc.sizes).map((size) => size.filename)];
