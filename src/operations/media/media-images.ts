import pLimit from 'p-limit';
import { APIError } from '../../errors/api-error.js';
import { Errors } from '../../errors/codes.js';
import { IMAGE_EXTENSIONS } from '../../domain/media.js';

export interface ProcessedImage {
  mimeType: string;
  extension: string;
  width: number;
  height: number;
  sizes: { name: string; bytes: Buffer; width: number; height: number }[];
}

const TYPE_NAMES: Record<string, string> = { 'image/jpeg': 'JPEG', 'image/png': 'PNG', 'image/webp': 'WebP', 'image/gif': 'GIF', 'image/avif': 'AVIF' };

/** "a JPEG, PNG or WebP": the types `media.mimeTypes` accepts, in words. */
function acceptedTypes(allowedTypes: string[]): string {
  const names = allowedTypes.filter((type) => IMAGE_EXTENSIONS[type]).map((type) => TYPE_NAMES[type] ?? type);
  if (names.length === 0) return 'an';
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1) as string}` : (names[0] as string);
  return `${/^[AEIOU]/.test(list) ? 'an' : 'a'} ${list}`;
}

/**
 * One image at a time: decoding holds much of an image in memory (a whole frame for AVIF, ~300
 * MB for one of 4,000 × 4,000 pixels), so a few concurrent uploads of large images would add
 * up to gigabytes. Three concurrent 300 KB PNGs of 10,000 × 10,000 took the service to a
 * 1,028 MB peak, 597 MB after, when they ran together and were first decoded whole; queued
 * and streamed, 267 MB (docs/design.md: Media).
 */
const oneAtATime = pLimit(1);

/**
 * Reads the type from the bytes (never from the name), reads all of the image's data (so a
 * truncated one is refused) and renders the configured sizes. Nothing touches the disk here.
 */
export function processImage(bytes: Buffer, allowedTypes: string[], sizes: Record<string, { width?: number; height?: number }>): Promise<ProcessedImage> {
  return oneAtATime(() => processOne(bytes, allowedTypes, sizes));
}

async function processOne(bytes: Buffer, allowedTypes: string[], sizes: Record<string, { width?: number; height?: number }>): Promise<ProcessedImage> {
  const unsupported = (detail: string) => Errors.FILE_UNSUPPORTED(detail, acceptedTypes(allowedTypes));
  // Loaded on the first upload: libvips costs memory a catalogue that only reads never needs.
  const [{ default: sharp }, { fileTypeFromBuffer }] = await Promise.all([import('sharp'), import('file-type')]);
  const detected = await fileTypeFromBuffer(bytes);
  const mimeType = detected?.mime;
  if (!mimeType || !allowedTypes.includes(mimeType) || !IMAGE_EXTENSIONS[mimeType]) {
    throw unsupported(mimeType ? `its bytes are ${mimeType}.` : 'its bytes are not an image this service knows.');
  }
  try {
    const image = sharp(bytes, { failOn: 'truncated', limitInputPixels: 100_000_000 });
    const { width, height } = await image.metadata();
    if (!width || !height) throw new Error('no dimensions');
    const format = IMAGE_EXTENSIONS[mimeType] === 'jpg' ? 'jpeg' : (IMAGE_EXTENSIONS[mimeType] as 'png');
    // Rendering a size reads all of the image's data, streamed: one whose data is cut off or
    // corrupt fails there, without the whole image decoded into memory first.
    const rendered: ProcessedImage['sizes'] = [];
    for (const [name, size] of Object.entries(sizes)) {
      // Both sides given: cropped to them from the centre, as Payload's image sizes are; one: scaled to it.
      const fit = size.width !== undefined && size.height !== undefined ? 'cover' : 'inside';
      const resized = image.clone().rotate().resize({ width: size.width, height: size.height, fit, withoutEnlargement: true });
      const { data, info } = await resized.toFormat(format).toBuffer({ resolveWithObject: true });
      rendered.push({ name, bytes: data, width: info.width, height: info.height });
    }
    if (rendered.length === 0) await image.clone().resize({ width: 16, height: 16, fit: 'inside' }).raw().toBuffer();
    return { mimeType, extension: IMAGE_EXTENSIONS[mimeType] as string, width, height, sizes: rendered };
  } catch (error) {
    if (error instanceof APIError) throw error;
    throw unsupported('the image is damaged or truncated.');
  }
}
