import { join } from 'node:path';
import type { MediaStorageEnv } from '../media-env.js';
import { LocalMediaStore, type MediaStore } from './media-store.js';

/**
 * The media store the environment names. The S3 client is loaded only for a bucket: an
 * installation on the local folder never pays its memory. A bucket that is missing or refused
 * stops start-up; one that cannot be reached yet is a warning (it may come up after the service).
 */
export async function openMediaStore(media: MediaStorageEnv, dataDir: string): Promise<{ store: MediaStore; warning?: string }> {
  if (media.kind === 'local') return { store: new LocalMediaStore(join(dataDir, 'media')) };
  const { S3MediaStore } = await import('./s3-media-store.js');
  const store = new S3MediaStore(media);
  const warning = await store.check();
  return warning === undefined ? { store } : { store, warning };
}
