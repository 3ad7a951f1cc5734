import { createParser } from 'eventsource-parser';

export interface StreamedEvent {
  id: string | undefined;
  event: string | undefined;
  data: { id: number; type: string; createdAt: string; data: Record<string, any> };
}

/** A Server-Sent Events client as a browser's EventSource reads a stream: it collects events and counts comments. */
export class SseStream {
  readonly events: StreamedEvent[] = [];
  /** Events received, kept or not. */
  received = 0;
  comments = 0;
  status = 0;
  ended = false;
  error: unknown;
  private readonly controller = new AbortController();
  done!: Promise<void>;

  /** `discard`: count the events without keeping them (a reader of many large events). */
  static async open(baseUrl: string, options: { token?: string; lastEventId?: string | number; query?: string; discard?: boolean; headers?: Record<string, string> } = {}): Promise<SseStream> {
    const stream = new SseStream();
    const headers: Record<string, string> = { accept: 'text/event-stream', ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.lastEventId !== undefined) headers['last-event-id'] = String(options.lastEventId);
    const response = await fetch(`${baseUrl}/api/events${options.query ?? ''}`, { headers, signal: stream.controller.signal });
    stream.status = response.status;
    if (!response.ok || !response.body) {
      stream.ended = true;
      stream.done = Promise.resolve();
      return stream;
    }
    const parser = createParser({
      onEvent: (message) => {
        stream.received++;
        if (!options.discard) stream.events.push({ id: message.id, event: message.event, data: JSON.parse(message.data) });
      },
      onComment: () => stream.comments++,
    });
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    stream.done = (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          parser.feed(value);
        }
      } catch (error) {
        stream.error = error;
      } finally {
        stream.ended = true;
      }
    })();
    return stream;
  }

  types(): string[] {
    return this.events.map((event) => event.event ?? '');
  }

  lastId(): string | undefined {
    return this.events.at(-1)?.id;
  }

  async close(): Promise<void> {
    this.controller.abort();
    await this.done;
  }
}
