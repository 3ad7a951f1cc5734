import { generateId } from '../domain/ids.js';
import type { Storage } from '../storage/storage.js';

/**
 * The demo's imported calendar: the second published product subscribes to the first one's
 * public feed, served by the demo itself at `baseUrl`. It is due at once, so the first run of
 * the sync schedule after start fetches it. A loopback or private `baseUrl` is fetched only
 * where `calendars.allowPrivateAddresses` is true (as `npm run demo` sets it); elsewhere the
 * calendar shows why in its `lastError`.
 */
export async function seedDemoCalendar(storage: Storage, publishedIds: string[], baseUrl: string): Promise<string | undefined> {
  const [source, target] = publishedIds;
  if (source === undefined || target === undefined) return undefined;
  const now = new Date().toISOString();
  const id = generateId();
  await storage.calendars.insert({
    id,
    product_id: target,
    url: `${baseUrl}/api/products/${encodeURIComponent(source)}/calendar.ics`,
    name: 'Demo: the neighbouring product',
    last_synced_at: null,
    last_status: null,
    last_error: null,
    etag: null,
    last_modified: null,
    blocks: '[]',
    next_sync_at: 0,
    created_at: now,
    updated_at: now,
  });
  return id;
}
