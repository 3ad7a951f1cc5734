import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { buildApp } from '../src/app.js';
import { defaultConfig } from '../src/config/defaults.js';
import { openStorage } from '../src/storage/storage.js';

/** The service's OpenAPI document with the default configuration, without listening anywhere. */
export async function currentOpenApiDocument(): Promise<OpenAPI3> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rental-openapi-'));
  const storage = await openStorage('file::memory:', dataDir);
  const { app } = await buildApp({ config: defaultConfig(), storage, secret: new Uint8Array(32), dataDir });
  try {
    await app.ready();
    return app.swagger() as unknown as OpenAPI3;
  } finally {
    await app.close();
    await storage.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const HEADER = '// Generated from GET /api/openapi.json by `npm run client:generate`. Do not edit.\n';

/** The TypeScript declarations openapi-typescript makes of the document. */
export async function generateClientTypes(): Promise<string> {
  return HEADER + astToString(await openapiTS(await currentOpenApiDocument()));
}
