import { Readable } from 'node:stream';
import { Errors } from '../../errors/codes.js';
import type { ImportFile } from './import-sources.js';

/** Bytes decoded a chunk at a time, strictly: a byte sequence the encoding has no character for throws. */
async function* decoded(input: Readable, encoding: string): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding, { fatal: true, ignoreBOM: true });
  try {
    for await (const chunk of input) {
      const text = decoder.decode(chunk as Buffer, { stream: true });
      if (text !== '') yield text;
    }
    const rest = decoder.decode();
    if (rest !== '') yield rest;
  } catch (error) {
    if (error instanceof TypeError) {
      throw Errors.IMPORT_FILE_INVALID(
        encoding === 'utf-8'
          ? 'The file is not UTF-8 text. Save it as UTF-8 (Excel: "CSV UTF-8"), or name its encoding: Content-Type: text/csv; charset=windows-1250, or ?charset=windows-1250.'
          : `The file is not valid ${encoding} text.`,
      );
    }
    throw error;
  } finally {
    input.destroy();
  }
}

/** The WHATWG name of a charset label (`cp1250` → `windows-1250`); a label no decoder knows is a 400 naming `charset`. */
export function encodingOf(label: string | undefined): string {
  if (label === undefined || label.trim() === '') return 'utf-8';
  try {
    return new TextDecoder(label.trim()).encoding;
  } catch {
    throw Errors.IMPORT_CHARSET_UNKNOWN(label);
  }
}

/**
 * The file as UTF-8, which the parsers read. Read once through first, so that a byte the
 * encoding has no character for is a 400 for the whole file before any row is written (SPEC 1:
 * UTF-8; a file in another encoding read as UTF-8 would store U+FFFD in place of its letters).
 * A UTF-8 file is then read as it is; another one is decoded again as it is parsed.
 */
export async function asUtf8(file: ImportFile, encoding: string): Promise<ImportFile> {
  for await (const text of decoded(file(), encoding)) void text;
  if (encoding === 'utf-8') return file;
  return () => Readable.from((async function* () {
    for await (const text of decoded(file(), encoding)) yield Buffer.from(text, 'utf8');
  })(), { objectMode: false });
}
