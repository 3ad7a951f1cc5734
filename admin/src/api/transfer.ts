import { api, call } from './client.js';

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
      body: {} as never,
      bodySerializer: () => {
        const form = new FormData();
        form.append('file', file, file.name);
        return form;
      },
    }),
  );

export type ImportReport = Awaited<ReturnType<typeof importProducts>>;

export type ExportFormat = 'csv' | 'json' | 'ndjson';

/**
 * The address of an export, downloaded by the browser itself (the session cookie goes with
 * it): an owner's products are their own (the read rule would add every published product),
 * an admin's all of them.
 */
export function productsExportUrl(format: ExportFormat, bom: boolean, ownerId: string | null): string {
  const query = new URLSearchParams({ format });
  if (bom && format === 'csv') query.set('bom', 'true');
  if (ownerId) query.set('where[basic.rent_owner][equals]', ownerId);
  return `/api/products/export?${query}`;
}

/** The bookings the caller sees (an owner: of their products), as a file. */
export function bookingsExportUrl(format: ExportFormat, bom: boolean): string {
  const query = new URLSearchParams({ format });
  if (bom && format === 'csv') query.set('bom', 'true');
  return `/api/bookings/export?${query}`;
}
