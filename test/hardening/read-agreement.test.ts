import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import sharp from 'sharp';
import { dialects, startServer, type TestServer } from '../helpers/server.js';
import { WORDS, productPatch, type Where } from '../helpers/varied-catalogue.js';

/**
 * A product is rendered into several caches: its own body at each depth, the docs of list
 * pages, and at depth 1 it shows its owner's profile and its gallery's media, which change on
 * their own. Property: after any random sequence of writes (a product's fields, an owner's
 * profile, a media's alt), every product reads the same by id as in a list and on a page, at
 * both depths, and shows the write just made. `READ_RUNS=2000 npm test` for the long run.
 */
const RUNS = Number(process.env.READ_RUNS ?? 100);
const PRODUCTS = 12;

type Doc = { id: string; basic: { rent_owner: string | { id: string; basic: { rentalName?: string } } } & Record<string, unknown>; gallery: { images: (string | { id: string; alt: string })[] } };
type Owner = { id: string; token: string };

type Write =
  | { kind: 'product'; index: number; patch: Where }
  | { kind: 'owner'; owner: number; rentalName: string }
  | { kind: 'media'; media: number; alt: string };

const write: fc.Arbitrary<Write> = fc.oneof(
  fc.tuple(fc.nat(PRODUCTS - 1), productPatch).map(([index, patch]): Write => ({ kind: 'product', index, patch })),
  fc.tuple(fc.nat(1), fc.constantFrom(...WORDS)).map(([owner, rentalName]): Write => ({ kind: 'owner', owner, rentalName })),
  fc.tuple(fc.nat(2), fc.constantFrom(...WORDS)).map(([media, alt]): Write => ({ kind: 'media', media, alt })),
);

for (const dialect of dialects) {
  describe(`a product reads the same by id, in lists and on pages after any write (${dialect})`, () => {
    let server: TestServer;
    const owners: Owner[] = [];
    const media: string[] = [];
    /** Reads are an admin's, who sees every product, published or not (a PATCH may unpublish one). */
    let admin: Owner;
    const ownerOf = (index: number): Owner => owners[index % 2]!;

    before(async () => {
      server = await startServer(dialect);
      owners.push(await server.signUp({ name: 'Půjčovna A' }), await server.signUp({ name: 'Půjčovna B' }));
      admin = await server.signUp({ admin: true });
      for (let i = 0; i < 3; i++) {
        const form = new FormData();
        const png = await sharp({ create: { width: 40 + i, height: 30, channels: 3, background: '#369' } }).png().toBuffer();
        form.append('file', new Blob([new Uint8Array(png)]), `photo-${i}.png`);
        const res = await server.http.request<{ doc: { id: string } }>('POST', '/api/rentMedia', { raw: form, token: owners[0]!.token });
        assert.equal(res.status, 201, res.text);
        media.push(res.body.doc.id);
      }
      for (let i = 0; i < PRODUCTS; i++) {
        const gallery = i % 2 === 0 ? media.filter((_, m) => (i + m) % 2 === 0) : [];
        const body = { basic: { product_name: WORDS[i % WORDS.length], location: 'Brno' }, settings: { published: true }, gallery: { images: gallery } };
        const res = await server.http.post(`/api/products/p-${String(i).padStart(2, '0')}`, body, ownerOf(i).token);
        assert.equal(res.status, 201, res.text);
      }
    });
    after(() => server.close());

    async function apply(change: Write): Promise<void> {
      const res =
        change.kind === 'product'
          ? await server.http.patch(`/api/products/p-${String(change.index).padStart(2, '0')}`, change.patch, ownerOf(change.index).token)
          : change.kind === 'owner'
            ? await server.http.patch(`/api/rents/${owners[change.owner]!.id}`, { basic: { rentalName: change.rentalName } }, owners[change.owner]!.token)
            : await server.http.patch(`/api/rentMedia/${media[change.media]}`, { alt: change.alt }, owners[0]!.token);
      assert.equal(res.status, 200, res.text);
    }

    /** The write shows where it should: on the product, on every product of the owner, in every gallery holding the media. */
    function assertShown(change: Write, docs: Doc[]): void {
      for (const doc of docs) {
        const owner = doc.basic.rent_owner as { id: string; basic: { rentalName?: string } };
        if (change.kind === 'owner' && owner.id === owners[change.owner]!.id) assert.equal(owner.basic.rentalName, change.rentalName, doc.id);
        if (change.kind === 'media') {
          for (const image of doc.gallery.images) if (typeof image === 'object' && image.id === media[change.media]) assert.equal(image.alt, change.alt, doc.id);
        }
      }
      if (change.kind === 'product' && 'internal_name' in change.patch) {
        const doc = docs.find((candidate) => candidate.id === `p-${String(change.index).padStart(2, '0')}`) as Record<string, unknown> | undefined;
        assert.equal(doc?.internal_name, change.patch.internal_name ?? undefined);
      }
    }

    it('single reads, lists and pages agree at both depths, and show each write', async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 3 }), fc.integer({ min: 1, max: 5 }), async (changes, limit) => {
          for (const change of changes) await apply(change);
          for (const depth of [0, 1]) {
            const list = await server.http.get<{ docs: Doc[] }>(`/api/products?limit=100&sort=id&depth=${depth}`, admin.token);
            assert.equal(list.status, 200, list.text);
            assert.equal(list.body.docs.length, PRODUCTS);
            const singles = await Promise.all(list.body.docs.map((doc) => server.http.get<Doc>(`/api/products/${doc.id}?depth=${depth}`, admin.token)));
            for (const [i, single] of singles.entries()) assert.deepEqual(list.body.docs[i], single.body, `depth ${depth}: ${single.body.id}`);
            const page = Math.ceil(PRODUCTS / limit);
            const last = await server.http.get<{ docs: Doc[] }>(`/api/products?limit=${limit}&page=${page}&sort=id&depth=${depth}`, admin.token);
            assert.deepEqual(last.body.docs, list.body.docs.slice((page - 1) * limit, page * limit), `depth ${depth}, page ${page} of ${limit}`);
            if (depth === 1) assertShown(changes.at(-1)!, list.body.docs);
          }
        }),
        { numRuns: RUNS },
      );
    });
  });
}
