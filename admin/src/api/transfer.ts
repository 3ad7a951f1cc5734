import { api, call } from './client.js';
import { asFileForm } from './upload.js';

export type ImportMode = 'create' | 'upsert';
export interface ImportOptions {
  mode: ImportMode;
  dryRun: boolean;
  atomic: boolean;
  /** The file's encoding where it is not UTF-8 (Czech Excel's CSV: windows-1250). */
  charset: string;
}

/** POST /api/products/import with the file as a form upload; the report of every row. */
export const importProducts = (file: File, options: ImportOptions) =>
  call(() =>
    api.POST('/api/products/import', {
      params: { query: { mode: options.mode, dryRun: options.dryRun, atomic: options.atomic, ...(options.charset ? { charset: options.charset } : {}) } },
      ...asFileForm(file),
    }),
  );

export type ImportReport = Awaited<ReturnType<typeof importProducts>>;

export type ExportFormat = 'csv' | 'json' | 'ndjson';

/** An export's address, downloaded by the browser itself (the session cookie goes with it). */
function exportUrl(path: string, format: ExportFormat, bom: boolean, where: Record<string, string> = {}): string {
  const query = new URLSearchParams({ format, ...where });
  if (bom && format === 'csv') query.set('bom', 'true');
  return `${path}?${query}`;
}

/** The products: an owner's own (the read rule would add every published product), an admin's all of them. */
export const productsExportUrl = (format: ExportFormat, bom: boolean, ownerId: string | null): string =>
  exportUrl('/api/products/export', format, bom, ownerId ? { 'where[basic.rent_owner][equals]': ownerId } : {});

/** The bookings the caller sees (an owner: of their products). */
export const bookingsExportUrl = (format: ExportFormat, bom: boolean): string => exportUrl('/api/bookings/export', format, bom);
