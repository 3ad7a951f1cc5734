/**
 * Whether the service has an endpoint: listed in its OpenAPI document, or else answering
 * anything but 404 or 405 to a harmless request (no body a route could accept, no token).
 * A path that a parameter route would also match (`POST /api/products/import` is a create
 * of the product "import" where import is absent) is only taken from the document.
 */
export class Endpoints {
  private constructor(
    private readonly url: string,
    private readonly documented: Record<string, Record<string, unknown>>,
  ) {}

  static async of(url: string): Promise<Endpoints> {
    const response = await fetch(`${url}/api/openapi.json`);
    const document = response.ok ? ((await response.json()) as { paths?: Record<string, Record<string, unknown>> }) : {};
    return new Endpoints(url, document.paths ?? {});
  }

  /** `path` in OpenAPI's form (`/api/products/{id}/quote`); `sample` the same with a real id, when it may be asked. */
  async has(method: 'GET' | 'POST', path: string, sample?: string): Promise<boolean> {
    if (this.documented[path]?.[method.toLowerCase()]) return true;
    if (sample === undefined) return false;
    const aborted = new AbortController();
    try {
      const response = await fetch(this.url + sample, {
        method,
        signal: aborted.signal,
        ...(method === 'POST' ? { headers: { 'content-type': 'application/json' }, body: '{}' } : {}),
      });
      return response.status !== 404 && response.status !== 405;
    } finally {
      // A stream (text/event-stream) would never end by itself.
      aborted.abort();
    }
  }
}
