import { mkdirSync } from 'node:fs';
import { copyFile, readdir, rm, writeFile, access } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Where media bytes live: a folder on local disk (the default) or an S3 bucket shared by every
 * instance (s3-media-store.ts). Routes, uploads and the backup only call these methods.
 */
export interface MediaStore {
  /** What the backup and the logs call it: the folder or the bucket. */
  readonly description: string;
  /** Writes a file that must not exist yet; throws MediaFileExists when it does. */
  put(filename: string, bytes: Buffer): Promise<void>;
  /** Removes files; missing ones are ignored. */
  remove(filenames: string[]): Promise<void>;
  /**
   * Answers a GET or HEAD for a stored file (Content-Type, Length, ETag, Last-Modified, caching,
   * conditionals, Range), or redirects to where the file is served; null when there is no such file.
   */
  serve(filename: string, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | null>;
  /** Every stored file's name (for the backup). */
  names(): AsyncIterable<string>;
  /** Copies one file to a local path; false when it was gone (deleted meanwhile). */
  copyTo(filename: string, path: string): Promise<boolean>;
  /** Lets go of connections (a bucket's). */
  close(): void;
}

/** Thrown by put when the name is taken: the local folder's EEXIST, an object store's failed If-None-Match. */
export class MediaFileExists extends Error {
  constructor(readonly filename: string) {
    super(`The media file ${filename} exists already.`);
    this.name = 'MediaFileExists';
  }
}

/** The media store could not be reached or failed (network, 5xx, credentials): answered 503, not 500. */
export class MediaStorageUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MediaStorageUnavailable';
  }
}

/** Seconds a media file may be cached: names are unique and files never change. */
export const MEDIA_MAX_AGE = 31_536_000;
/** The Cache-Control of every stored file, whichever store serves it. */
export const MEDIA_CACHE_CONTROL = `public, max-age=${MEDIA_MAX_AGE}, immutable`;

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** The default store: a folder on local disk, served through @fastify/static's sendFile. */
export class LocalMediaStore implements MediaStore {
  readonly description: string;

  constructor(readonly root: string) {
    mkdirSync(root, { recursive: true });
    this.description = `the folder ${root}`;
  }

  async put(filename: string, bytes: Buffer): Promise<void> {
    try {
      await writeFile(join(this.root, filename), bytes, { flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new MediaFileExists(filename);
      throw error;
    }
  }

  async remove(filenames: string[]): Promise<void> {
    // Each is tried, and all are done before this returns, whichever fail.
    const failed = (await Promise.allSettled(filenames.map((filename) => rm(join(this.root, filename), { force: true })))).find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  }

  async serve(filename: string, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | null> {
    try {
      await access(join(this.root, filename));
    } catch {
      return null;
    }
    // A request's `Cache-Control: no-cache` tells caches on the way to ask the origin again; the
    // origin still answers If-None-Match with a 304 (RFC 9110 13.1.2). @fastify/send answers 200
    // whenever it sees no-cache, and Node's fetch sends it with every If-None-Match: it never
    // sees it here.
    delete request.raw.headers['cache-control'];
    // If-Range compares strongly (RFC 9110 13.1.5): a weak tag, as this server's are, never
    // matches, so the whole file is sent; @fastify/send would match it and send the range.
    if (/^\s*W\//.test(String(request.raw.headers['if-range'] ?? ''))) delete request.raw.headers.range;
    return reply.sendFile(filename, this.root, { maxAge: MEDIA_MAX_AGE * 1000, immutable: true, cacheControl: true, etag: true, lastModified: true, acceptRanges: true, dotfiles: 'deny' });
  }

  async *names(): AsyncIterable<string> {
    yield* await readdir(this.root);
  }

  async copyTo(filename: string, path: string): Promise<boolean> {
    try {
      await copyFile(join(this.root, filename), path);
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  close(): void {}
}
