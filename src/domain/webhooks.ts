import type { FieldCatalogue, FieldDef } from './where/types.js';

/** A webhook as the API shows it (never its secret). */
export interface WebhookDoc {
  id: string;
  url: string;
  events: string[];
  active: boolean;
  description?: string;
  scope: 'own' | 'all';
  owner: string;
  /** Why the service deactivated it, while it stays deactivated. */
  deactivatedReason?: string;
  createdAt: string;
  updatedAt: string;
}

/** One attempt, as GET /api/webhooks/:id/deliveries lists it. */
export interface DeliveryAttempt {
  eventId: number;
  type: string;
  attempt: number;
  status: 'succeeded' | 'failed';
  responseStatus: number | null;
  durationMs: number;
  at: string;
  error?: string;
}

const WEBHOOK_FIELDS: FieldDef[] = [
  { path: 'id', column: 'id', type: 'string', sortable: true },
  { path: 'url', column: 'url', type: 'string', sortable: true },
  { path: 'active', column: 'active', type: 'boolean', sortable: true },
  { path: 'scope', column: 'scope', type: 'string', sortable: true },
  { path: 'description', column: 'description', type: 'string', sortable: true },
  { path: 'owner', column: 'owner_id', type: 'string', sortable: false },
  { path: 'createdAt', column: 'created_at', type: 'date', sortable: true },
  { path: 'updatedAt', column: 'updated_at', type: 'date', sortable: true },
];

/** What `where`, `sort` and access filters may name of a webhook. */
export const webhookFields: FieldCatalogue = new Map(WEBHOOK_FIELDS.map((field) => [field.path, field]));

/** `*` subscribes to every type, present and future. */
export const ALL_TYPES = '*';

/** Whether a webhook subscribed to `types` wants an event of `type`. */
export const wantsType = (types: readonly string[], type: string): boolean => types.includes(ALL_TYPES) || types.includes(type);

/**
 * Retries (SPEC 11): the first within 30 s of the failure, then growing, each pause drawn
 * within ±20 % of its step (jitter, so that receivers that come back are not hit by every
 * sender at once). The steps go on at 8 h until at least 24 h have passed since the first
 * failure; the failure after that gives up.
 */
const RETRY_STEPS_MS = [5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000, 28_800_000];
export const GIVE_UP_AFTER_MS = 24 * 3_600_000;
export const JITTER = 0.2;

/** The pause before the retry that follows failure number `failures` (1 for the first failure). */
export function retryDelay(failures: number, random: () => number = Math.random): number {
  const step = RETRY_STEPS_MS[Math.min(failures, RETRY_STEPS_MS.length) - 1] as number;
  return Math.round(step * (1 - JITTER + 2 * JITTER * random()));
}

/** The base step of retry number `failures`, without jitter (for documentation and tests). */
export const retryStep = (failures: number): number => RETRY_STEPS_MS[Math.min(failures, RETRY_STEPS_MS.length) - 1] as number;
