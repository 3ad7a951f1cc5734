import { request as httpRequest } from 'node:http';
/** A small HTTP client over fetch, as a shop's front end would talk to the service. */
export interface HttpResponse<T = unknown> {
  status: number;
  headers: Headers;
  text: string;
  body: T;
}

export type ErrorBody = { errors: { message: string; field?: string; code: string }[] };

export class HttpClient {
  constructor(readonly baseUrl: string) {}

  async request<T = unknown>(
    method: string,
    path: string,
    options: { body?: unknown; raw?: BodyInit; token?: string; headers?: Record<string, string>; signal?: AbortSignal } = {},
  ): Promise<HttpResponse<T>> {
    const headers: Record<string, string> = { accept: 'application/json', ...(options.headers ?? {}) };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: BodyInit | undefined = options.raw;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(this.baseUrl + path, { method, headers, body, signal: options.signal });
    const text = await res.text();
    let parsed: unknown = undefined;
    if (text !== '') {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
    }
    return { status: res.status, headers: res.headers, text, body: parsed as T };
  }

  get<T = unknown>(path: string, token?: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, { token, headers });
  }
  post<T = unknown>(path: string, body?: unknown, token?: string, headers?: Record<string, string>) {
    return this.request<T>('POST', path, { body, token, headers });
  }
  patch<T = unknown>(path: string, body?: unknown, token?: string, headers?: Record<string, string>) {
    return this.request<T>('PATCH', path, { body, token, headers });
  }
  delete<T = unknown>(path: string, token?: string, headers?: Record<string, string>) {
    return this.request<T>('DELETE', path, { token, headers });
  }
}

/** Asserts the contract's error shape and returns the fields it names. */
export function errorFields(body: unknown): (string | undefined)[] {
  const errors = (body as ErrorBody | undefined)?.errors;
  if (!Array.isArray(errors) || errors.length === 0) throw new Error(`not an error body: ${JSON.stringify(body)}`);
  for (const error of errors) {
    if (typeof error.message !== 'string' || error.message === '') throw new Error(`error without message: ${JSON.stringify(body)}`);
    if (typeof error.code !== 'string' || !/^[A-Z][A-Z0-9_]*$/.test(error.code)) throw new Error(`error without a code: ${JSON.stringify(body)}`);
  }
  return errors.map((error) => error.field);
}

/**
 * A GET with the path sent exactly as given (fetch would normalise `%2e%2e` and add
 * `cache-control: no-cache` to conditional requests, which real browsers do not).
 */
export function rawGet(baseUrl: string, path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: hostname, port, path, method: 'GET', headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}
