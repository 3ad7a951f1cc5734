import { APIError } from '../../errors/api-error.js';
import { IMAGE_EXTENSIONS } from '../../domain/media.js';

export interface ProcessedImage {
  mimeType: string;
  extension: string;
  width: number;
  height: number;
  sizes: { name: string; bytes: Buffer; width: number; height: number }[];
}

const unsupported = (detail: string) => new APIError(415, `Unsupported file: ${detail} Send a JPEG, PNG, WebP, GIF or AVIF image.`, 'file');

/**
 * Reads the type from the bytes (never from the name), decodes the whole image (so a
 * truncated one is refused) and renders the configured sizes. Nothing touches the disk here.
 */
export async function processImage(bytes: Buffer, allowedTypes: string[], sizes: Record<string, { width?: number; height?: number }>): Promise<ProcessedImage> {
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
    // A full decode: catches images whose header is fine but whose data is cut off or corrupt.
    await image.clone().raw().toBuffer();
    const rendered = await Promise.all(
      Object.entries(sizes).map(async ([name, size]) => {
        const { data, info } = await image
          .clone()
          .rotate()
          .resize({ width: size.width, height: size.height, fit: 'inside', withoutEnlargement: true })
          .toFormat(IMAGE_EXTENSIONS[mimeType] === 'jpg' ? 'jpeg' : (IMAGE_EXTENSIONS[mimeType] as 'png'))
          .toBuffer({ resolveWithObject: true });
        return { name, bytes: data, width: info.width, height: info.height };
      }),
    );
    return { mimeType, extension: IMAGE_EXTENSIONS[mimeType] as string, width, height, sizes: rendered };
  } catch (error) {
    if (error instanceof APIError) throw error;
    throw unsupported('the image is damaged or truncated.');
  }
}
