import { createContext, type ComponentChildren } from 'preact';
import { useContext, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { EVENT_TYPES } from '../../src/domain/event-types.js';
import { useI18n } from './i18n/i18n.js';
import type { MessageKey } from './i18n/en.js';
import { announceSessionEnded, api, call } from './api/client.js';
import { useSession } from './session.js';

/** An event of the live stream (SPEC 11): `{id, type, createdAt, data}`; `reset` asks to reload everything. */
export interface LiveEvent {
  id: number;
  type: string;
  createdAt: string;
  data: Record<string, unknown>;
}

type Listener = (event: LiveEvent) => void;
export type LiveState = 'connecting' | 'open' | 'closed';

interface Live {
  state: LiveState;
  listen(listener: Listener): () => void;
}

const LiveContext = createContext<Live>({ state: 'closed', listen: () => () => undefined });

/** After a refused or broken stream the browser gives up; we try again after this long, doubling up to the last. */
const RETRY_MS = [2_000, 4_000, 8_000, 16_000, 30_000];

/**
 * One `GET /api/events` per signed-in page, through the browser's own EventSource: same-origin,
 * so it sends the dashboard's HttpOnly session cookie (Path /api) by itself, and after a dropped
 * connection it reconnects with Last-Event-ID, so nothing is missed. Screens subscribe with
 * useLiveReload.
 */
export function LiveProvider({ children }: { children: ComponentChildren }) {
  const [state, setState] = useState<LiveState>('connecting');
  const listeners = useMemo(() => new Set<Listener>(), []);
  const session = useSession().state;
  // While the session has ended the stream waits; signed in again, it opens at once.
  const ended = session.status === 'signed-in' && session.ended === true;

  useEffect(() => {
    if (ended) {
      setState('closed');
      return;
    }
    let source: EventSource | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let lastId: string | undefined;
    const deliver = (message: MessageEvent<string>) => {
      if (message.lastEventId) lastId = message.lastEventId;
      let event: LiveEvent;
      try {
        event = JSON.parse(message.data) as LiveEvent;
      } catch {
        return;
      }
      for (const listener of [...listeners]) listener(event);
    };
    const open = () => {
      // A stream opened anew (not the browser's own reconnection) resumes with the query parameter.
      source = new EventSource(lastId ? `/api/events?lastEventId=${encodeURIComponent(lastId)}` : '/api/events');
      for (const type of [...EVENT_TYPES, 'reset']) source.addEventListener(type, deliver);
      source.onopen = () => {
        failures = 0;
        setState('open');
      };
      source.onerror = () => {
        if (source?.readyState !== EventSource.CLOSED) {
          setState('connecting');
          return;
        }
        // Refused (a 401 when the session ended, a 503…): EventSource stops for good, so try again
        // later. EventSource does not tell the status: `me` says whether the session is gone.
        setState('closed');
        source.close();
        call(() => api.GET('/api/rents/me'))
          .then((me) => {
            if (!me.user) announceSessionEnded();
          })
          .catch(() => undefined);
        timer = setTimeout(open, RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)]);
      };
    };
    open();
    return () => {
      clearTimeout(timer);
      source?.close();
    };
  }, [listeners, ended]);

  const value = useMemo<Live>(
    () => ({
      state,
      listen(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    }),
    [state, listeners],
  );
  return <LiveContext.Provider value={value}>{children}</LiveContext.Provider>;
}

/** Calls `handle` with every live event; the latest `handle` is always the one called. */
export function useLiveEvents(handle: Listener): void {
  const { listen } = useContext(LiveContext);
  const latest = useRef(handle);
  latest.current = handle;
  useEffect(() => listen((event) => latest.current(event)), [listen]);
}

/**
 * Reloads when an event that `matters` arrives (and after a `reset`), once for a burst: a
 * reservation records `product.updated` and `reservation.created` together.
 */
export function useLiveReload(matters: (event: LiveEvent) => boolean, reload: () => void, delayMs = 200): void {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useLiveEvents((event) => {
    if (event.type !== 'reset' && !matters(event)) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(reload, delayMs);
  });
}

/** The product an event is about: a product event's document, or the `product` of the others (reservations, calendars, bookings). */
export function productOf(event: LiveEvent): string | undefined {
  const { data } = event;
  if (event.type.startsWith('product.')) return typeof data.id === 'string' ? data.id : undefined;
  return typeof data.product === 'string' ? data.product : typeof data.product === 'object' && data.product !== null ? ((data.product as { id?: string }).id ?? undefined) : undefined;
}

const STATE_TEXT = {
  connecting: ['live.connecting', 'live.connectingHint'],
  open: ['live.open', 'live.openHint'],
  closed: ['live.closed', 'live.closedHint'],
} as const satisfies Record<LiveState, readonly [MessageKey, MessageKey]>;

/** Whether live updates are flowing, shown in the header. */
export function LiveStatus() {
  const { t } = useI18n();
  const { state } = useContext(LiveContext);
  const [text, hint] = STATE_TEXT[state];
  return (
    <span class={`live live-${state}`} title={t(hint)}>
      <span class="live-dot" aria-hidden="true" />
      {t(text)}
    </span>
  );
}
