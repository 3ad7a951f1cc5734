import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { buildProductDoc } from '../src/domain/product-document.js';
import { populateRow } from '../src/read-model/products/render.js';
import { renderBodies } from '../src/read-model/products/render-bodies.js';
import { renderDocBytes } from '../src/read-model/products/render-doc-bytes.js';
import type { ProductReadRow } from '../src/storage/products-repository.js';

/**
 * The spliced depth-1 bodies must be byte for byte the UTF-8 JSON that parsing, filling in and
 * serialising would give, whatever the documents hold.
 */
describe('depth-1 bodies spliced from stored JSON', () => {
  const text = fc.string({ unit: fc.constantFrom('a', 'Ž', '"', '\\', '}', ']', ',', ':', '\n', ' ', 'rent_owner', '"rent_owner":"x"', '"gallery":{"images":[', ']},"availability":') , maxLength: 30 });
  const image = fc.oneof(
    fc.constantFrom('m1', 'm2', 'missing'),
    fc.record({ id: fc.constantFrom('m1', 'other'), alt: text, filename: fc.constant('a.jpg'), mimeType: fc.constant('image/jpeg'), url: fc.constant('/api/rentMedia/file/a.jpg'), width: fc.integer({ min: 1, max: 9 }), height: fc.integer({ min: 1, max: 9 }) }),
  );
  const data = fc.record({
    internal_name: fc.option(text, { nil: undefined }),
    basic: fc.record({ product_name: text, product_desc: fc.option(text, { nil: undefined }), location: fc.option(text, { nil: undefined }) }),
    additional: fc.record({ price: fc.option(fc.double({ min: 0, max: 1e6, noNaN: true }), { nil: undefined }), time_unit: fc.option(text, { nil: undefined }) }),
    gallery: fc.record({ images: fc.array(image, { maxLength: 5 }) }),
    availability: fc.record({ reservationDates: fc.array(fc.record({ from: fc.constant('2026-12-01'), to: fc.constant('2026-12-02'), note: text }), { maxLength: 2 }) }),
    seo: fc.option(fc.dictionary(text, fc.oneof(text, fc.dictionary(text, text))), { nil: undefined }),
  });

  it('equal the parse-and-serialise rendering', async () => {
    // Known media ids resolve to image objects, the same objects from one rendering to the next
    // as in the media cache; 'missing' does not resolve (it stays an id). A changed image is a
    // new object, as when the cache reloads it.
    const image = (id: string, alt: string) => ({ id, alt, filename: `${id}.jpg`, mimeType: 'image/jpeg', url: `/api/rentMedia/file/${id}.jpg`, width: 4, height: 3 });
    const cached = new Map([['m1', image('m1', 'Alt m1')], ['m2', image('m2', 'Alt m2')]]);
    const images = async (ids: string[]) => new Map(ids.flatMap((id) => (cached.has(id) ? [[id, cached.get(id) as ReturnType<typeof image>] as const] : [])));
    await fc.assert(
      fc.asyncProperty(data, fc.option(fc.constantFrom('owner-1', 'o"2'), { nil: undefined }), fc.option(text, { nil: undefined }), async (input, ownerId, newAlt) => {
        if (newAlt !== undefined) cached.set('m1', image('m1', newAlt));
        const doc = buildProductDoc(input as Record<string, unknown>, { id: 'p1', ownerId, slug: 's', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' });
        const row = {
          doc: JSON.stringify(doc),
          owner_id: ownerId ?? null,
          owner_name: ownerId ? 'Půjčovna "U"' : null,
          owner_profile: ownerId ? JSON.stringify({ basic: { rentalName: 'X}' }, terms: { termsArray: [{ id: 't' }] } }) : null,
        } as ProductReadRow;
        const [spliced] = await renderBodies([row], 1, images);
        const media = await images((doc.gallery?.images ?? []).filter((i): i is string => typeof i === 'string'));
        // What is sent: the body's bytes, UTF-8 JSON.
        assert.deepEqual(spliced, Buffer.from(JSON.stringify(populateRow(row, media))));
        const [shallow] = await renderBodies([row], 0, images);
        assert.deepEqual(shallow, Buffer.from(JSON.stringify(doc)));
        // A list page renders the same bodies from the document's stored bytes.
        const bytesRow = { ...row, doc: Buffer.from(row.doc) };
        assert.deepEqual(await renderDocBytes([bytesRow], 1, images), [spliced]);
        assert.deepEqual(await renderDocBytes([bytesRow], 0, images), [shallow]);
      }),
      { numRuns: 500 },
    );
  });
});
