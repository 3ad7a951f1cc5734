import { randomBytes } from 'node:crypto';
import { generateId } from '../../domain/ids.js';
import { mediaFields, mediaUrl, sanitiseBaseName, sizeFilename, storedFilename, type MediaDoc } from '../../domain/media.js';
import { Errors } from '../../errors/codes.js';
import { isForeignKeyViolation } from '../../storage/reference-errors.js';
import { MediaFileExists } from '../../storage/media-store.js';
import { UniqueViolation } from '../../storage/unique-violation.js';
import { evaluateAccess } from '../access.js';
import type { Caller, Services } from '../context.js';
import { processImage } from './media-images.js';

const NAME_ATTEMPTS = 50;
const NUMBERED_ATTEMPTS = 20;
const MAX_ALT = 1000;

export interface Upload {
  bytes: Buffer;
  originalName: string;
  alt?: unknown;
}

/** POST /api/rentMedia: check, render sizes, then claim a unique name and write the files. */
export async function uploadMedia(services: Pick<Services, 'config' | 'storage' | 'mediaStore'> & Partial<Pick<Services, 'log'>>, caller: Caller, upload: Upload): Promise<MediaDoc> {
  await evaluateAccess(services.config.access.rentMedia.create, { user: caller.user }, mediaFields);
  if (upload.alt !== undefined && (typeof upload.alt !== 'string' || upload.alt.length > MAX_ALT)) {
    throw Errors.ALT_INVALID(MAX_ALT);
  }
  const { media: mediaConfig } = services.config;
  const image = await processImage(upload.bytes, mediaConfig.mimeTypes, mediaConfig.sizes);
  const base = sanitiseBaseName(upload.originalName);
  const id = generateId();
  const now = new Date().toISOString();

  for (let attempt = 1; attempt <= NAME_ATTEMPTS; attempt++) {
    // Numbered first (`photo-2.jpg`); names are never reused, so a name uploaded and deleted
    // many times (`image.png`, what browsers call a pasted image) then takes a random suffix.
    const filename = attempt <= NUMBERED_ATTEMPTS ? storedFilename(base, attempt, image.extension) : storedFilename(`${base}-${randomBytes(4).toString('hex')}`, 1, image.extension);
    const doc: MediaDoc = {
      id,
      alt: typeof upload.alt === 'string' ? upload.alt : '',
      filename,
      mimeType: image.mimeType,
      filesize: upload.bytes.length,
      width: image.width,
      height: image.height,
      url: mediaUrl(filename),
      sizes: Object.fromEntries(
        image.sizes.map((size) => {
          const name = sizeFilename(filename, size.name, size.width, size.height);
          return [size.name, { url: mediaUrl(name), width: size.width, height: size.height, filename: name, mimeType: image.mimeType, filesize: size.bytes.length }];
        }),
      ),
      owner: caller.user?.id ?? null,
      createdAt: now,
      updatedAt: now,
    };
    try {
      await services.storage.media.insert({
        id, owner_id: doc.owner, filename, mime_type: doc.mimeType, filesize: doc.filesize, width: doc.width, height: doc.height,
        alt: doc.alt, created_at: now, updated_at: now, doc: JSON.stringify(doc),
      });
    } catch (error) {
      if (error instanceof UniqueViolation && (error.target === 'media_filenames.filename' || error.target === 'rent_media.filename')) continue;
      // The uploader's account was deleted while the upload was on its way: its session is gone.
      if (isForeignKeyViolation(error)) throw Errors.ACCOUNT_GONE();
      throw error;
    }
    // Every file this attempt may have written: one whose write failed half way may be stored
    // all the same (a bucket that stored it but whose answer was lost).
    const attempted: string[] = [];
    try {
      const files: [string, Buffer][] = [[filename, upload.bytes], ...image.sizes.map((size): [string, Buffer] => [doc.sizes[size.name]?.filename as string, size.bytes])];
      for (const [name, bytes] of files) {
        attempted.push(name);
        await services.mediaStore.put(name, bytes);
      }
      return doc;
    } catch (error) {
      // Undo this attempt: its row and only the files it wrote (an existing name is someone else's).
      const taken = error instanceof MediaFileExists;
      if (taken) attempted.pop();
      // Its names go back only when none of its files was stored (the first write failed): a
      // file once in the store may have been fetched, and cached as immutable, meanwhile.
      await services.storage.media.discardUpload(id, !taken && attempted.length === 1);
      await services.mediaStore.remove(attempted).catch((removal: unknown) =>
        services.log?.warn({ err: removal, files: attempted }, 'files of a failed upload could not be removed from the media storage'),
      );
      if (taken) continue;
      throw error;
    }
  }
  throw new Error(`No free file name for ${base} after ${NAME_ATTEMPTS} attempts`);
}
