import { mkdirSync } from 'node:fs';
import { rm, writeFile, access } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyReply } from 'fastify';

/**
 * Where media bytes live. Routes only call these methods, so an object store can replace the
 * local folder (serving by redirecting to a signed URL, say) without touching them.
 */
export interface MediaStore {
  /** Writes a file that must not exist yet. */
  put(filename: string, bytes: Buffer): Promise<void>;
  /** Removes files; missing ones are ignored. */
  remove(filenames: string[]): Promise<void>;
  exists(filename: string): Promise<boolean>;
  /** Answers a GET for a stored file (Content-Type, Length, ETag, caching, Range). */
  serve(filename: string, reply: FastifyReply): FastifyReply | Promise<FastifyReply>;
}

/** Seconds a media file may be cached: names are unique and files never change. */
export const MEDIA_MAX_AGE = 31_536_000;

/** The default store: a folder on local disk, served through @fastify/static's sendFile. */
export class LocalMediaStore implements MediaStore {
  constructor(readonly root: string) {
    mkdirSync(root, { recursive: true });
  }

  async put(filename: string, bytes: Buffer): Promise<void> {
    await writeFile(join(this.root, filename), bytes, { flag: 'wx' });
  }

  async remove(filenames: string[]): Promise<void> {
    await Promise.all(filenames.map((filename) => rm(join(this.root, filename), { force: true })));
  }

  async exists(filename: string): Promise<boolean> {
    try {
      await access(join(this.root, filename));
      return true;
    } catch {
      return false;
    }
  }

  serve(filename: string, reply: FastifyReply): FastifyReply {
    return reply.sendFile(filename, this.root, { maxAge: MEDIA_MAX_AGE * 1000, immutable: true, cacheControl: true, etag: true, lastModified: true, acceptRanges: true, dotfiles: 'deny' });
  }
}
