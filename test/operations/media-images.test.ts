import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import { APIError } from '../../src/errors/api-error.js';
import { processImage } from '../../src/operations/media/media-images.js';

const TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'];
type Sizes = Parameters<typeof processImage>[2];
const picture = (format: 'jpeg' | 'png' | 'webp' | 'gif' | 'avif') =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).toFormat(format).toBuffer();

const refusedAs415 = (error: unknown) => error instanceof APIError && error.status === 415;

describe('processing an uploaded image', () => {
  it('renders each configured size and reads the dimensions', async () => {
    const processed = await processImage(await picture('png'), TYPES, { thumbnail: { width: 100 }, card: { width: 150, height: 50 } });
    assert.equal(processed.mimeType, 'image/png');
    assert.deepEqual([processed.width, processed.height], [300, 200]);
    // A size with both sides is cropped to them (as Payload's are); none is enlarged.
    assert.deepEqual(processed.sizes.map(({ name, width, height }) => [name, width, height]), [['thumbnail', 100, 67], ['card', 150, 50]]);
    const small = await processImage(await picture('png'), TYPES, { wide: { width: 600, height: 100 } });
    assert.deepEqual(small.sizes.map(({ width, height }) => [width, height]), [[300, 100]]);
  });

  it('names the types the configuration accepts when it refuses one', async () => {
    await assert.rejects(processImage(await picture('jpeg'), ['image/png'], {}), (error: unknown) => refusedAs415(error) && /Send a PNG image\.$/.test((error as Error).message));
    await assert.rejects(processImage(await picture('gif'), ['image/avif', 'image/jpeg', 'image/png'], {}), (error: unknown) => /Send an AVIF, JPEG or PNG image\.$/.test((error as Error).message));
  });

  it('refuses an image cut off in its data, with sizes configured or none', async () => {
    for (const format of ['jpeg', 'png', 'webp', 'gif', 'avif'] as const) {
      const whole = await picture(format);
      const cut = whole.subarray(0, Math.floor(whole.length * 0.7));
      for (const sizes of [{ thumbnail: { width: 100 } }, {}] as Sizes[]) {
        await assert.rejects(processImage(cut, TYPES, sizes), refusedAs415, `${format} with ${Object.keys(sizes).length} sizes`);
      }
      assert.equal((await processImage(whole, TYPES, {})).sizes.length, 0, format);
    }
  });
});
