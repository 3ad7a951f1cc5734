import type { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3MediaEnv } from '../../src/media-env.js';
import { S3MediaStore } from '../../src/storage/s3-media-store.js';

/** s3rver's built-in key pair: it checks every request's signature against it. */
export const S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** A real S3 protocol server (s3rver) on a loopback port, with one empty bucket, its files in a temporary folder. */
export interface S3TestServer {
  endpoint: string;
  bucket: string;
  /** The environment that keeps a service process's media in the bucket (at `endpoint`, or another address such as a proxy's). */
  env(endpoint?: string): Record<string, string>;
  /** The service's S3 store on the bucket, in this process. */
  store(options?: { endpoint?: string; serving?: S3MediaEnv['serving']; partSize?: number }): S3MediaStore;
  /** Every key in the bucket, sorted. */
  keys(): Promise<string[]>;
  /** The S3 events s3rver reported (`ObjectCreated:Put`, `ObjectCreated:Post` for a finished multipart upload, `ObjectRemoved:Delete`), with their keys. */
  events: { name: string; key: string }[];
  close(): Promise<void>;
}

interface S3rverEvent {
  Records: { eventName: string; s3: { object: { key: string } } }[];
}

export async function startS3Server(bucket = 'rental-media'): Promise<S3TestServer> {
  const directory = mkdtempSync(join(tmpdir(), 'rental-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const events: S3TestServer['events'] = [];
  // s3rver is a Koa application, an EventEmitter, which its declarations leave out.
  (server as unknown as EventEmitter).on('event', (event: S3rverEvent) => {
    for (const record of event.Records) events.push({ name: record.eventName, key: decodeURIComponent(record.s3.object.key) });
  });
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3_CREDENTIALS });
  const mediaEnv = (at: string, serving: S3MediaEnv['serving'] = { kind: 'stream' }): S3MediaEnv => ({ kind: 's3', bucket, endpoint: at, region: 'us-east-1', forcePathStyle: true, serving });
  return {
    endpoint,
    bucket,
    events,
    env: (at = endpoint) => ({
      MEDIA_STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: at,
      AWS_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    }),
    store: (options = {}) => new S3MediaStore(mediaEnv(options.endpoint ?? endpoint, options.serving), { credentials: S3_CREDENTIALS, ...(options.partSize ? { partSize: options.partSize } : {}) }),
    async keys() {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
        token = page.NextContinuationToken;
      } while (token);
      return keys.sort();
    },
    async close() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
