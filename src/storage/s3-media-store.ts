import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectsCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, S3Client, paginateListObjectsV2,
  type GetObjectCommandOutput, type HeadObjectCommandOutput,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { mimeTypeOfFilename } from '../domain/media.js';
import type { S3MediaEnv } from '../media-env.js';
import { notModified, preconditionFailed, wantedRange, type Validators } from './http-conditionals.js';
import { MEDIA_CACHE_CONTROL, MediaFileExists, MediaStorageUnavailable, type MediaStore } from './media-store.js';

/** S3's smallest part: files up to it are one PUT, larger ones a multipart upload of such parts. */
const PART_SIZE = 5 * 1024 * 1024;
/** DeleteObjects takes at most this many keys. */
const DELETE_BATCH = 1000;
/** A redirect to a public URL may be remembered this long (the URL of a name never changes, but the bucket's address might). */
const PUBLIC_REDIRECT_MAX_AGE = 86_400;

type SdkError = { name?: string; $metadata?: { httpStatusCode?: number }; message?: string };
const statusOf = (error: unknown) => (error as SdkError).$metadata?.httpStatusCode;
const isNoSuchObject = (error: unknown) => statusOf(error) === 404 || ['NotFound', 'NoSuchKey'].includes((error as SdkError).name ?? '');
/** A conditional write lost: the key exists (412), or another write to it is under way (409). */
const isTaken = (error: unknown) => statusOf(error) === 412 || statusOf(error) === 409;

const unavailable = (what: string, error: unknown) =>
  new MediaStorageUnavailable(`The media bucket could not ${what}: ${(error as SdkError).name ?? 'Error'} ${(error as SdkError).message ?? ''}`.trim(), { cause: error });

/**
 * Media in an S3 bucket (AWS S3, MinIO, Ceph, R2…), shared by every instance: one key per
 * stored file, named as the file is. Served through the service (streamed, with the local
 * folder's headers) or by a redirect to the bucket's public address or a presigned URL.
 */
export class S3MediaStore implements MediaStore {
  readonly description: string;
  readonly client: S3Client;
  private readonly bucket: string;

  private readonly partSize: number;

  /** Credentials come the usual AWS way (AWS_ACCESS_KEY_ID…, a profile, a role) unless given. */
  constructor(private readonly options: S3MediaEnv, settings: { partSize?: number; credentials?: { accessKeyId: string; secretAccessKey: string } } = {}) {
    this.bucket = options.bucket;
    this.partSize = settings.partSize ?? PART_SIZE;
    this.description = `the S3 bucket ${options.bucket}${options.endpoint ? ` at ${options.endpoint}` : ''}`;
    this.client = new S3Client({
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      ...(settings.credentials ? { credentials: settings.credentials } : {}),
    });
  }

  /** Whether the bucket is there and these credentials may use it: a problem that stops start-up is thrown, an unreachable endpoint is returned. */
  async check(): Promise<string | undefined> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
      return undefined;
    } catch (error) {
      const status = statusOf(error);
      const name = (error as SdkError).name ?? '';
      if (status === 404) throw new Error(`S3_BUCKET: there is no bucket \`${this.bucket}\` at ${this.options.endpoint ?? `AWS (${this.options.region})`}; create it first.`);
      if (status === 403 || status === 401) throw new Error(`S3_BUCKET: access to the bucket \`${this.bucket}\` is denied; check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or the role the service runs as).`);
      if (name === 'CredentialsProviderError') throw new Error('S3: no credentials; set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or AWS_PROFILE, or run with a role).');
      if (status === 301 || name === 'PermanentRedirect') throw new Error(`S3_REGION: the bucket \`${this.bucket}\` is in another region than ${this.options.region}.`);
      return `The media bucket ${this.bucket} could not be reached (${name || 'Error'}: ${(error as SdkError).message ?? ''}); media requests fail until it can.`;
    }
  }

  async put(filename: string, bytes: Buffer): Promise<void> {
    // Not every S3 server honours a conditional write (s3rver does not): the look first keeps
    // an upload from overwriting another's file, the If-None-Match closes the race where it is honoured.
    if (await this.head(filename)) throw new MediaFileExists(filename);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: filename, Body: bytes, ContentType: mimeTypeOfFilename(filename), CacheControl: MEDIA_CACHE_CONTROL, IfNoneMatch: '*' },
      partSize: this.partSize,
      queueSize: 2,
    });
    try {
      await upload.done();
    } catch (error) {
      if (isTaken(error)) throw new MediaFileExists(filename);
      throw unavailable(`store ${filename}`, error);
    }
  }

  async remove(filenames: string[]): Promise<void> {
    for (let from = 0; from < filenames.length; from += DELETE_BATCH) {
      const keys = filenames.slice(from, from + DELETE_BATCH);
      let failed: string[];
      try {
        const result = await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }));
        failed = (result.Errors ?? []).map((error) => `${error.Key}: ${error.Code}`);
      } catch (error) {
        throw unavailable(`delete ${keys.join(', ')}`, error);
      }
      if (failed.length > 0) throw new MediaStorageUnavailable(`The media bucket did not delete ${failed.join(', ')}.`);
    }
  }

  close(): void {
    this.client.destroy();
  }

  async *names(): AsyncIterable<string> {
    for await (const page of paginateListObjectsV2({ client: this.client }, { Bucket: this.bucket })) {
      for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
    }
  }

  async copyTo(filename: string, path: string): Promise<boolean> {
    const object = await this.get(filename);
    if (!object) return false;
    await pipeline(object.body, createWriteStream(path, { flags: 'wx' }));
    return true;
  }

  async serve(filename: string, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | null> {
    const { serving } = this.options;
    if (serving.kind === 'public') {
      if (!(await this.head(filename))) return null;
      return reply.code(302).header('location', `${serving.baseUrl}/${filename}`).header('cache-control', `public, max-age=${PUBLIC_REDIRECT_MAX_AGE}`).send();
    }
    if (serving.kind === 'presign') {
      if (!(await this.head(filename))) return null;
      const { getSignedUrl } = await import('@aws-sdk/s3-request-presigner');
      const url = await getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.bucket, Key: filename }), { expiresIn: serving.expiresIn });
      // Reused for half its life, so that a browser asks for the same URL and finds the image in its cache.
      return reply.code(302).header('location', url).header('cache-control', `private, max-age=${Math.floor(serving.expiresIn / 2)}`).send();
    }
    return this.stream(filename, request, reply);
  }

  /** A GET or HEAD answered from the bucket with the headers the local folder's server sends. */
  private async stream(filename: string, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | null> {
    const { headers } = request;
    const conditional = ['if-match', 'if-unmodified-since', 'if-none-match', 'if-modified-since', 'range'].some((name) => headers[name] !== undefined);
    // The common first fetch: one GET, no look first.
    if (request.method === 'GET' && !conditional) {
      const object = await this.get(filename);
      if (!object) return null;
      return this.headers(reply, object.validators).type(mimeTypeOfFilename(filename)).header('content-length', object.validators.size).send(object.body);
    }
    const validators = await this.head(filename);
    if (!validators) return null;
    if (preconditionFailed(headers, validators)) throw Object.assign(new Error('Precondition Failed'), { statusCode: 412 });
    if (notModified(headers, validators)) return this.headers(reply, validators).code(304).send();
    const range = wantedRange(headers, validators);
    if (range.kind === 'unsatisfiable') {
      reply.header('content-range', `bytes */${validators.size}`);
      throw Object.assign(new Error('Range Not Satisfiable'), { statusCode: 416 });
    }
    // The bytes before any header: a file deleted meanwhile is a clean 404.
    const object = request.method === 'HEAD' ? undefined : await this.get(filename, range.kind === 'part' ? `bytes=${range.start}-${range.end}` : undefined, validators.etag);
    if (request.method !== 'HEAD' && !object) return null;
    this.headers(reply, validators).type(mimeTypeOfFilename(filename));
    if (range.kind === 'part') reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${validators.size}`);
    reply.header('content-length', range.kind === 'part' ? range.end - range.start + 1 : validators.size);
    return reply.send(object?.body);
  }

  /** What every answer about the file carries, a 304 included. */
  private headers(reply: FastifyReply, validators: Validators): FastifyReply {
    return reply
      .header('accept-ranges', 'bytes')
      .header('cache-control', MEDIA_CACHE_CONTROL)
      .header('last-modified', validators.lastModified.toUTCString())
      .header('etag', validators.etag);
  }

  /** The object's validators, or undefined when there is no such object. */
  private async head(filename: string): Promise<Validators | undefined> {
    try {
      return validatorsOf(await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: filename })), filename);
    } catch (error) {
      if (isNoSuchObject(error)) return undefined;
      throw unavailable(`look ${filename} up`, error);
    }
  }

  /**
   * The object's bytes (a part of them with `range`), or undefined when there is no such object.
   * With `etag`, only that version: one replaced since it was looked up is not mixed in.
   */
  private async get(filename: string, range?: string, etag?: string): Promise<{ body: Readable; validators: Validators } | undefined> {
    let object: GetObjectCommandOutput;
    try {
      object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: filename, ...(range ? { Range: range } : {}), ...(etag ? { IfMatch: etag } : {}) }));
    } catch (error) {
      if (isNoSuchObject(error)) return undefined;
      throw unavailable(`read ${filename}`, error);
    }
    if (!(object.Body instanceof Readable)) throw new MediaStorageUnavailable(`The media bucket sent no body for ${filename}.`);
    return { body: object.Body, validators: validatorsOf(object, filename) };
  }
}

function validatorsOf(object: HeadObjectCommandOutput | GetObjectCommandOutput, filename: string): Validators {
  if (!object.ETag || !object.LastModified || object.ContentLength === undefined) throw new MediaStorageUnavailable(`The media bucket sent no ETag, Last-Modified or length for ${filename}.`);
  // A GET of a range reports the range's length; the object's size is after the slash of Content-Range.
  const total = 'ContentRange' in object && object.ContentRange ? Number(object.ContentRange.split('/')[1]) : object.ContentLength;
  return { etag: object.ETag, lastModified: object.LastModified, size: total };
}
