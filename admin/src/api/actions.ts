import { openApiDocument, propertyEnum } from './openapi.js';

/** What the dashboard runs through buttons of its own (publish, duplicate, the reservations screen). */
const BUILT_IN = new Set(['publish', 'unpublish', 'duplicate', 'reserve', 'release']);

/**
 * The product actions the project's configuration adds (SPEC 6: `actions`), as the OpenAPI
 * document lists them for `POST /api/products/{id}`; none when it cannot be read.
 */
export async function configuredActions(): Promise<string[]> {
  const document = (await openApiDocument()) as { paths?: Record<string, { post?: unknown }> } | undefined;
  const names = propertyEnum(document?.paths?.['/api/products/{id}']?.post, 'action') ?? [];
  return names.filter((name) => !BUILT_IN.has(name));
}
