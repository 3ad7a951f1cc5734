import { createParser } from 'eventsource-parser';
import type { EventType } from '../domain/event-types.js';

/** An event of the live stream (SPEC 11); `reset` when a resume came after the retention. */
export interface RentalEvent {
  id: number;
  type: EventType | 'reset';
  createdAt: string;
  data: unknown;
}

export interface EventsOptions {
  /** Resume after this event (as Last-Event-ID); otherwise only events from now on. */
  lastEventId?: number | string;
  /** Called when a connection fails or ends; the stream reconnects after `retry` ms (the server's `retry:`, 2 s by default). */
  onError?: (error: unknown) => void;
}

/** An open subscription: `close` ends it; `lastEventId` is where a later one may resume. */
export interface EventSubscription {
  readonly lastEventId: string | undefined;
  close(): void;
}

const DEFAULT_RETRY_MS = 2_000;

/**
 * GET /api/events with EventSource's semantics over fetch (so that it sends the token, which
 * a browser's EventSource cannot): events are handed to `onEvent` in order; a dropped
 * connection is opened again after the server's `retry:` delay with Last-Event-ID, so nothing
 * is lost or repeated within the retention.
 */
export function subscribeToEvents(
  baseUrl: string,
  headers: () => Record<string, string>,
  fetcher: (request: Request) => Promise<Response>,
  onEvent: (event: RentalEvent) => void,
  options: EventsOptions = {},
): EventSubscription {
  let lastEventId = options.lastEventId === undefined ? undefined : String(options.lastEventId);
  let retry = DEFAULT_RETRY_MS;
  let closed = false;
  let controller: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const connect = async () => {
    controller = new AbortController();
    try {
      const request = new Request(`${baseUrl.replace(/\/$/, '')}/api/events`, {
        headers: { accept: 'text/event-stream', ...headers(), ...(lastEventId !== undefined ? { 'last-event-id': lastEventId } : {}) },
        signal: controller.signal,
      });
      const response = await fetcher(request);
      if (!response.ok || !response.body) throw new Error(`GET /api/events answered ${response.status}`);
      const parser = createParser({
        onEvent: (message) => {
          if (message.id !== undefined) lastEventId = message.id;
          onEvent(JSON.parse(message.data) as RentalEvent);
        },
        onRetry: (ms) => (retry = ms),
      });
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        parser.feed(value);
      }
      if (!closed) options.onError?.(new Error('the event stream ended'));
    } catch (error) {
      if (!closed) options.onError?.(error);
    }
    if (!closed) timer = setTimeout(() => void connect(), retry);
  };
  void connect();

  return {
    get lastEventId() {
      return lastEventId;
    },
    close() {
      closed = true;
      clearTimeout(timer);
      controller?.abort();
    },
  };
}
