import { foldText } from './fold.js';
import type { FieldCatalogue, FieldDef } from './where/types.js';

/** The image types the service accepts, by the extension it gives their files. */
export const IMAGE_EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
};

/** A stored file's type, from the extension the service gave it (as the local folder's server reads it). */
export function mimeTypeOfFilename(filename: string): string {
  const extension = filename.slice(filename.lastIndexOf('.') + 1);
  return Object.entries(IMAGE_EXTENSIONS).find(([, known]) => known === extension)?.[0] ?? 'application/octet-stream';
}

/** Stored file names: lower-case letters, digits, `-`, `_`, and dots between them. */
export const STORED_FILENAME = /^[a-z0-9][a-z0-9_-]*(?:\.[a-z0-9_-]+)*$/;
const MAX_BASE = 80;

/** `../Fotka Vrtačky (1).JPG` → `fotka-vrtacky-1`; never empty. */
export function sanitiseBaseName(original: string): string {
  const name = original.split(/[\\/]/).pop() ?? '';
  const withoutExtension = name.includes('.') ? name.slice(0, name.lastIndexOf('.')) : name;
  const base = foldText(withoutExtension)
    .replace(/[^a-z0-9_]+/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '')
    .slice(0, MAX_BASE)
    .replace(/[-_]+$/g, '');
  return base === '' ? 'image' : base;
}

export function storedFilename(base: string, attempt: number, extension: string): string {
  return `${attempt <= 1 ? base : `${base}-${attempt}`}.${extension}`;
}

export const sizeFilename = (filename: string, name: string, width: number, height: number): string => {
  const dot = filename.lastIndexOf('.');
  return `${filename.slice(0, dot)}-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${width}x${height}${filename.slice(dot)}`;
};

const MEDIA_FIELDS: FieldDef[] = [
  { path: 'id', column: 'id', type: 'string', sortable: true },
  { path: 'createdAt', column: 'created_at', type: 'date', sortable: true },
  { path: 'updatedAt', column: 'updated_at', type: 'date', sortable: true },
  { path: 'filename', column: 'filename', type: 'string', sortable: true },
  { path: 'mimeType', column: 'mime_type', type: 'string', sortable: true },
  { path: 'filesize', column: 'filesize', type: 'number', sortable: true },
  { path: 'width', column: 'width', type: 'number', sortable: true },
  { path: 'height', column: 'height', type: 'number', sortable: true },
  { path: 'alt', column: 'alt', type: 'string', sortable: true },
  { path: 'owner', column: 'owner_id', type: 'string', sortable: false },
];

export const mediaFields: FieldCatalogue = new Map(MEDIA_FIELDS.map((field) => [field.path, field]));

/** A media document as the API returns it. */
export interface MediaDoc {
  id: string;
  alt: string;
  filename: string;
  mimeType: string;
  filesize: number;
  width: number;
  height: number;
  url: string;
  sizes: Record<string, { url: string; width: number; height: number; filename: string; mimeType: string; filesize: number }>;
  owner: string | null;
  createdAt: string;
  updatedAt: string;
}

export const mediaUrl = (filename: string): string => `/api/rentMedia/file/${filename}`;
