import type { TestServer } from './server.js';

/** The answer of POST /api/products/import. */
export interface ImportReport {
  mode: string;
  dryRun: boolean;
  atomic: boolean;
  committed: boolean;
  totals: { rows: number; created: number; updated: number; unchanged: number; errors: number };
  rows: { row: number; id: string | null; status: string; code?: number; errors: { field?: string; message: string }[] }[];
}

/** POSTs a file's bytes as the body of an import, with its Content-Type. */
export const importFile = (server: TestServer, body: string | Buffer, options: { type?: string; query?: string; token?: string } = {}) =>
  server.http.request<ImportReport>('POST', `/api/products/import${options.query ? `?${options.query}` : ''}`, {
    token: options.token,
    raw: typeof body === 'string' ? body : new Uint8Array(body),
    headers: { 'content-type': options.type ?? 'text/csv' },
  });

/** GETs an export's bytes, exactly as sent. */
export async function exportBytes(server: TestServer, query: string, token?: string): Promise<Buffer> {
  const res = await fetch(`${server.url}/api/products/export?${query}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (res.status !== 200) throw new Error(`export answered ${res.status}: ${await res.text()}`);
  return Buffer.from(await res.arrayBuffer());
}

/** Each row's status (and, for an error, its code and the fields named), for comparing reports. */
export const outcomes = (report: ImportReport) => report.rows.map((row) => [row.row, row.status, row.code, row.errors.map((error) => error.field)]);
