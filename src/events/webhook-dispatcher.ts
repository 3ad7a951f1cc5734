import { performance } from 'node:perf_hooks';
import { Webhook } from 'standardwebhooks';
import { GIVE_UP_AFTER_MS, retryDelay } from '../domain/webhooks.js';
import { outboundRequest } from '../net/outbound.js';
import { OutboundError } from '../net/outbound-error.js';
import type { SecretBox } from '../auth/secret-box.js';
import type { Services } from '../operations/context.js';
import type { JobContext } from '../jobs/scheduler.js';
import type { AttemptLog, ClaimedDelivery } from '../storage/webhooks-repository.js';

/** A delivery is a POST answered with a 2xx within this (SPEC 11). */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** How long an instance holds a delivery it attempts: past the timeout, with room to record the result. */
export const CLAIM_MS = DELIVERY_TIMEOUT_MS + 5_000;
/** The most of a receiver's answer read (its status is what counts). */
const MAX_ANSWER_BYTES = 64 * 1024;
/** Attempts in flight at once, per instance. */
const CONCURRENCY = 16;
/**
 * Attempts to one webhook at once, on an instance: a receiver that hangs for its 10 s holds
 * at most these of the CONCURRENCY slots, and the other webhooks keep the rest.
 */
const PER_WEBHOOK = 12;
/** Events fanned out per transaction. */
const FAN_OUT_BATCH = 500;
/** How often each instance looks for due deliveries (retries), besides being woken by new events. */
export const DELIVERY_TICK_MS = 1_000;

/** An event's delivery body, the same bytes on every attempt: `{id, type, createdAt, data}`. */
export const deliveryBody = (claim: Pick<ClaimedDelivery, 'eventId' | 'type' | 'createdAt' | 'data'>): string =>
  `{"id":${claim.eventId},"type":${JSON.stringify(claim.type)},"createdAt":${JSON.stringify(claim.createdAt)},"data":${claim.data}}`;

/** The Standard Webhooks message id of an event: the same on every attempt and to every webhook. */
export const messageId = (eventId: number): string => `evt_${eventId}`;

const isSuccess = (status: number | undefined) => status !== undefined && status >= 200 && status < 300;

/**
 * Delivers the outbox's events to the webhooks that want them, at least once (SPEC 11). A job
 * runs on every instance, woken by new events and every second: it fans new events out into
 * the queue of deliveries (one instance at a time), then claims due deliveries (PostgreSQL:
 * FOR UPDATE SKIP LOCKED, so each goes to one instance) and POSTs them, signed per Standard
 * Webhooks, within 10 s. A 2xx ends a delivery; any other outcome is logged and retried later
 * (the schedule is domain/webhooks.ts's) until 24 h of failures deactivate the webhook with the
 * reason. A claim runs out after CLAIM_MS, so a delivery held by a killed instance is
 * attempted again; one cut short by a stop is released at once.
 */
export class WebhookDispatcher {
  constructor(
    private readonly services: Pick<Services, 'storage' | 'config' | 'jobs' | 'log'>,
    private readonly secrets: SecretBox,
    private readonly random: () => number = Math.random,
  ) {}

  /** Ends the wait of a run with attempts in flight (see run). */
  private woken: (() => void) | undefined;

  start(): void {
    const job = this.services.jobs.every('webhooks.deliver', DELIVERY_TICK_MS, (context) => this.run(context), { exclusive: false });
    this.services.storage.outbox.onAppended(() => {
      job.wake();
      this.woken?.();
    });
  }

  private get clock() {
    return this.services.jobs.clock;
  }

  /**
   * Fans new events out and claims what is due, for as long as attempts are in flight. While
   * they are, a new event or the next tick ends the wait as well as an attempt's end does: a
   * receiver that takes its 10 s held back every other webhook's deliveries, new events and
   * due retries alike, until its attempts ended.
   */
  private async run({ signal }: JobContext): Promise<void> {
    const { webhooks } = this.services.storage;
    const inFlight = new Set<Promise<void>>();
    const perWebhook = new Map<string, number>();
    const atCap = () => [...perWebhook].flatMap(([id, count]) => (count >= PER_WEBHOOK ? [id] : []));
    while (!signal.aborted) {
      while (!signal.aborted && (await webhooks.fanOut(this.clock.now(), FAN_OUT_BATCH)) === FAN_OUT_BATCH);
      const free = CONCURRENCY - inFlight.size;
      const now = this.clock.now();
      const claims = free > 0 && !signal.aborted ? await webhooks.claim(now, now + CLAIM_MS, free, atCap()) : [];
      for (const claim of claims) {
        const running = perWebhook.get(claim.webhookId) ?? 0;
        // One claim may hold more of a webhook's deliveries than its share: those go back at once.
        if (running >= PER_WEBHOOK) {
          await webhooks.release(claim);
          continue;
        }
        perWebhook.set(claim.webhookId, running + 1);
        const attempt: Promise<void> = this.attempt(claim, signal)
          .catch((error) => this.services.log.warn({ err: error }, 'a webhook delivery could not be recorded'))
          .finally(() => {
            inFlight.delete(attempt);
            const left = (perWebhook.get(claim.webhookId) ?? 1) - 1;
            if (left > 0) perWebhook.set(claim.webhookId, left);
            else perWebhook.delete(claim.webhookId);
          });
        inFlight.add(attempt);
      }
      if (inFlight.size === 0) return;
      // Nothing more due for now, or no free slot: wait for an attempt to end, a new event or the tick.
      if (claims.length < free || inFlight.size >= CONCURRENCY) await this.nextTurn(inFlight);
    }
    await Promise.all(inFlight);
  }

  private async nextTurn(inFlight: Set<Promise<void>>): Promise<void> {
    const { clock } = this;
    let timer: ReturnType<typeof clock.setTimeout> | undefined;
    const woken = new Promise<void>((resolve) => {
      this.woken = resolve;
      timer = clock.setTimeout(resolve, DELIVERY_TICK_MS);
    });
    try {
      await Promise.race([...inFlight, woken]);
    } finally {
      this.woken = undefined;
      if (timer !== undefined) clock.clearTimeout(timer);
    }
  }

  private async attempt(claim: ClaimedDelivery, signal: AbortSignal): Promise<void> {
    const { webhooks } = this.services.storage;
    const body = deliveryBody(claim);
    const id = messageId(claim.eventId);
    const sentAt = this.clock.now();
    const timestamp = new Date(sentAt);
    const started = performance.now();
    let status: number | undefined;
    let failure: string | undefined;
    try {
      const signature = new Webhook(this.secrets.open(claim.sealedSecret)).sign(id, timestamp, body);
      const answer = await outboundRequest(claim.url, {
        method: 'POST',
        body,
        headers: {
          'content-type': 'application/json',
          'webhook-id': id,
          'webhook-timestamp': String(Math.floor(sentAt / 1000)),
          'webhook-signature': signature,
        },
        timeoutMs: DELIVERY_TIMEOUT_MS,
        maxBytes: MAX_ANSWER_BYTES,
        allowPrivateAddresses: this.services.config.webhooks.allowPrivateAddresses,
        signal,
      });
      status = answer.status;
    } catch (error) {
      if (signal.aborted) return webhooks.release(claim);
      if (!(error instanceof OutboundError)) throw error;
      status = error.status;
      // A 2xx whose answer is too long to read is still a 2xx.
      if (!(error.kind === 'too-large' && isSuccess(status))) failure = error.message;
    }
    const now = this.clock.now();
    const log: AttemptLog = {
      webhook_id: claim.webhookId,
      event_id: claim.eventId,
      type: claim.type,
      attempt: claim.attempts + 1,
      status: failure === undefined ? 'succeeded' : 'failed',
      response_status: status ?? null,
      duration_ms: Math.round(performance.now() - started),
      at: new Date(now).toISOString(),
      error: failure ?? null,
    };
    if (failure === undefined) return webhooks.succeeded(claim, log);
    const firstAttemptAt = claim.firstAttemptAt ?? sentAt;
    if (now - firstAttemptAt >= GIVE_UP_AFTER_MS) {
      const reason = `Deliveries failed for ${Math.round((now - firstAttemptAt) / 3_600_000)} hours (${claim.attempts + 1} attempts of event ${claim.eventId}); the last: ${failure}`;
      return webhooks.gaveUp(claim, log, reason, new Date(now).toISOString());
    }
    await webhooks.retryLater(claim, log, now + retryDelay(claim.attempts + 1, this.random), firstAttemptAt);
  }
}
