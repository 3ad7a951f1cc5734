import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { loadConfig } from '../../src/config/load-config.js';

const folder = mkdtempSync(join(tmpdir(), 'rental-load-config-'));
let files = 0;
const configFile = (text: string) => {
  const path = join(folder, `config-${++files}.mjs`);
  writeFileSync(path, text);
  return path;
};

describe('loading the configuration file', () => {
  it('awaits a default export that is a promise, as Payload-style buildConfig gives one', async () => {
    const config = await loadConfig(configFile('export default Promise.resolve({ products: { maxLimit: 5, createWithoutId: false } });'), { required: true });
    assert.equal(config.products.maxLimit, 5);
    assert.equal(config.products.createWithoutId, false);
    await assert.rejects(loadConfig(configFile('export default Promise.resolve({ products: { maxLimit: 0 } });'), { required: true }), /products\.maxLimit/);
  });

  it('names the file, line and column of a JavaScript syntax error (Node names neither)', async () => {
    const path = configFile('export default {\n  products: { maxLimit: 5 };\n};\n');
    await assert.rejects(loadConfig(path, { required: true }), (error: unknown) => {
      const { message } = error as Error;
      return message.includes(`config-${files}.mjs:2:`) && /Expected "}" but found ";"/.test(message);
    });
  });

  it('names the default export when it is not the configuration object', async () => {
    for (const text of ['export default () => ({});', 'export default null;', 'export default 42;', 'export default [];']) {
      await assert.rejects(loadConfig(configFile(text), { required: true }), /`default export`/, text);
    }
  });

  it('refuses durations past what dates, timers and PostgreSQL take, naming the key', async () => {
    const cases: [string, RegExp][] = [
      ['{ events: { retention: Number.MAX_SAFE_INTEGER } }', /`events\.retention` must be a whole number of milliseconds from 1 to 3155760000000/],
      ['{ auth: { lockTime: 1e19 } }', /`auth\.lockTime`/],
      ['{ bookings: { requestExpiry: 1e19 } }', /`bookings\.requestExpiry`/],
      ['{ auth: { tokenExpiration: 1e12 } }', /`auth\.tokenExpiration` must be a whole number of seconds/],
      ['{ rateLimit: { window: 2147483648 } }', /`rateLimit\.window`/],
    ];
    for (const [text, message] of cases) await assert.rejects(loadConfig(configFile(`export default ${text};`), { required: true }), message, text);
    const longest = await loadConfig(configFile('export default { events: { retention: 3155760000000 }, bookings: { requestExpiry: 0 } };'), { required: true });
    assert.equal(longest.events.retention, 3_155_760_000_000);
  });

  it('takes the module itself without a default export', async () => {
    const config = await loadConfig(configFile('export const products = { maxLimit: 7 };'), { required: true });
    assert.equal(config.products.maxLimit, 7);
  });
});
