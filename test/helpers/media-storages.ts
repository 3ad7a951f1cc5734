import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { MediaStore } from '../../src/storage/media-store.js';
import { startHttpFaultProxy, type HttpFaultProxy } from './http-fault-proxy.js';
import { startS3Server, type S3TestServer } from './s3-server.js';

/** Where a test server keeps its media, and what is stored there. */
export interface MediaStorageUnderTest {
  name: string;
  /** The store to give startServer; undefined for the server's own media folder. */
  store?: MediaStore;
  /** The bucket's S3 server, with a proxy in front through which its requests can be failed (S3 only). */
  s3?: { server: S3TestServer; proxy: HttpFaultProxy };
  /** Every stored file's name, sorted: in the data folder's media folder, or in the bucket. */
  files(dataDir: string): Promise<string[]>;
  close(): Promise<void>;
}

/** The media storages every media test runs on: the local folder (the default) and a real S3 server. */
export const mediaStorages: { name: string; start(): Promise<MediaStorageUnderTest> }[] = [
  {
    name: 'local folder',
    async start() {
      return {
        name: 'local folder',
        files: async (dataDir) => (existsSync(join(dataDir, 'media')) ? readdirSync(join(dataDir, 'media')).sort() : []),
        close: async () => {},
      };
    },
  },
  {
    name: 'S3 bucket',
    async start() {
      const server = await startS3Server();
      const proxy = await startHttpFaultProxy(server.endpoint);
      return {
        name: 'S3 bucket',
        store: server.store({ endpoint: proxy.url }),
        s3: { server, proxy },
        files: () => server.keys(),
        async close() {
          await proxy.close();
          await server.close();
        },
      };
    },
  },
];
