import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { asciiJson, isAscii as isAsciiText } from '../../src/domain/ascii-json.js';
import { rawGet } from '../helpers/http.js';
import { dialects, startServer, type TestServer } from '../helpers/server.js';

const isAscii = (bytes: Buffer) => bytes.every((byte) => byte < 0x80);

describe('ASCII JSON', () => {
  it('reads back as the same value, for any JSON value, and is ASCII', () => {
    fc.assert(
      fc.property(fc.jsonValue({ stringUnit: 'binary' }), (value) => {
        const text = asciiJson(JSON.stringify(value));
        assert.ok(isAscii(Buffer.from(text)), text);
        assert.deepEqual(JSON.parse(text), JSON.parse(JSON.stringify(value)));
      }),
      { numRuns: 2000 },
    );
  });

  it('writes each escape as Python does: four lower-case hex digits, a surrogate pair as two', () => {
    assert.equal(asciiJson(JSON.stringify('a\u0080é Ž ߿ ࠀ € 🐎 \uffff z')), '"a\\u0080\\u00e9 \\u017d \\u07ff \\u0800 \\u20ac \\ud83d\\udc0e \\uffff z"');
  });

  it('tells ASCII text from any other, lone surrogates and Latin-1 included', () => {
    const units = fc.oneof(fc.integer({ min: 0, max: 0x7f }), fc.integer({ min: 0x80, max: 0xff }), fc.integer({ min: 0xd800, max: 0xdfff }), fc.integer({ min: 0, max: 0xffff }));
    fc.assert(
      fc.property(fc.array(units, { maxLength: 40 }), (codes) => {
        const text = String.fromCharCode(...codes);
        assert.equal(isAsciiText(text), codes.every((code) => code < 0x80), JSON.stringify(text));
      }),
      { numRuns: 5000 },
    );
  });
});

for (const dialect of dialects) {
  describe(`responses are ASCII JSON (${dialect})`, () => {
    let server: TestServer;
    let owner: { id: string; token: string };
    before(async () => {
      server = await startServer(dialect);
      owner = await server.signUp({ name: 'Půjčovna Žluťoučký kůň 🐎' });
      const created = await server.http.post('/api/products/kun-1', { basic: { product_name: 'Vrtačka Žďár 🐎', product_desc: 'Příliš žluťoučký kůň' }, settings: { published: true } }, owner.token);
      assert.equal(created.status, 201);
      assert.equal((created.body as { basic: { product_name: string } }).basic.product_name, 'Vrtačka Žďár 🐎');
    });
    after(() => server.close());

    it('for a product, a list, an error and an account, with the values unchanged', async () => {
      for (const path of ['/api/products/kun-1?depth=1', '/api/products?depth=1&q=zdar', '/api/products/nic-%C5%BE', `/api/rents/${owner.id}`]) {
        const res = await rawGet(server.url, path);
        assert.ok(isAscii(res.body), `${path}: ${res.body.toString()}`);
        assert.match(String(res.headers['content-type']), /^application\/json/);
        const text = JSON.stringify(JSON.parse(res.body.toString()));
        if (path.startsWith('/api/products/kun')) assert.ok(text.includes('Vrtačka Žďár 🐎') && text.includes('Žluťoučký kůň 🐎'), text);
        if (path.includes('q=')) assert.ok(text.includes('Příliš žluťoučký kůň'), text);
        if (path.includes('nic')) assert.ok(text.includes('nic-ž'), text);
        if (path.startsWith('/api/rents')) assert.ok(text.includes('Půjčovna Žluťoučký kůň 🐎'), text);
      }
    });
  });
}
