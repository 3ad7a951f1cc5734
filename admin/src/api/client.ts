import { RentalApiError, createRentalClient, unwrap } from '../../../src/client/index.js';

export { RentalApiError };
export type { Media, Product, PublicProfile } from '../../../src/client/index.js';

/**
 * The service's own typed client, on this origin. No token is ever given to it: the session
 * travels in the HttpOnly cookie that login (`?cookie=true`) set, which the browser sends to
 * /api by itself.
 */
const rental = createRentalClient({ baseUrl: location.origin });
export const api = rental.api;

type Listener = () => void;
const sessionEnded = new Set<Listener>();
/** Called when an answer says the session is gone (401 outside sign-in). */
export function onSessionEnded(listener: Listener): () => void {
  sessionEnded.add(listener);
  return () => sessionEnded.delete(listener);
}

/** Tells the listeners that the session is gone (a 401, or a stream the service refused while `me` says nobody). */
export function announceSessionEnded(): void {
  for (const listener of sessionEnded) listener();
}

api.use({
  onResponse({ request, response }) {
    if (response.status === 401 && !new URL(request.url).pathname.startsWith('/api/rents/login')) announceSessionEnded();
    return response;
  },
});

/** A request the network refused (offline, the service down) becomes an error with status 0. */
export async function call<T>(request: () => Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  let result: { data?: T; error?: unknown; response: Response };
  try {
    result = await request();
  } catch (error) {
    if (error instanceof RentalApiError) throw error;
    throw new RentalApiError(0, [{ message: error instanceof Error ? error.message : String(error) }]);
  }
  return unwrap(result);
}

/** The same, keeping the answer's ETag (products are written back with If-Match). */
export async function callWithEtag<T>(request: () => Promise<{ data?: T; error?: unknown; response: Response }>): Promise<{ data: T; etag: string | undefined }> {
  let response: Response | undefined;
  const data = await call(async () => {
    const result = await request();
    response = result.response;
    return result;
  });
  return { data, etag: response?.headers.get('etag') ?? undefined };
}
