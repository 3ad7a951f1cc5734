import type { TimeUnitDefinition } from '../domain/rental/units.js';

/** The project configuration (SPEC section 6): what a `rental.config.ts` may set. */

/** The signed-in caller as access rules and hooks see it; null for anonymous callers. */
export interface AuthUser {
  id: string;
  email: string;
  rentNameSystem: string;
  roles: string[];
}

/** A `where` filter in the query language, as access rules return it. */
export type Where = { [key: string]: unknown };

export interface AccessArgs {
  user: AuthUser | null;
  id?: string;
  data?: Record<string, unknown>;
  doc?: Record<string, unknown>;
  action?: string;
}

export type AccessResult = boolean | Where;
export type AccessFunction = (args: AccessArgs) => AccessResult | Promise<AccessResult>;

export interface CollectionAccess {
  read?: AccessFunction;
  create?: AccessFunction;
  update?: AccessFunction;
  delete?: AccessFunction;
}

export interface RentsAccess extends CollectionAccess {
  /** POST /api/rents/unlock: who may lift a login lockout (`data` is `{email}`). */
  unlock?: AccessFunction;
}

export interface ProductsAccess extends CollectionAccess {
  /** Per action name; an action without an entry uses `update`. */
  actions?: Record<string, AccessFunction>;
}

/** `access.bookings` (SPEC 9): who reads, requests and changes bookings. */
export interface BookingsAccess {
  read?: AccessFunction;
  create?: AccessFunction;
  update?: AccessFunction;
}

type OneOrMany<T> = T | T[];
type Awaitable<T> = T | Promise<T>;
type ProductData = Record<string, unknown>;

export interface ProductHooks {
  beforeValidate?: OneOrMany<(args: { data: ProductData; originalDoc?: ProductData; operation: 'create' | 'update'; user: AuthUser | null }) => Awaitable<ProductData | void>>;
  beforeChange?: OneOrMany<(args: { data: ProductData; originalDoc?: ProductData; operation: 'create' | 'update'; user: AuthUser | null }) => Awaitable<ProductData | void>>;
  afterChange?: OneOrMany<(args: { doc: ProductData; previousDoc?: ProductData; operation: 'create' | 'update'; user: AuthUser | null }) => Awaitable<void>>;
  afterRead?: OneOrMany<(args: { doc: ProductData; user: AuthUser | null }) => Awaitable<ProductData | void>>;
  beforeDelete?: OneOrMany<(args: { id: string; doc: ProductData; user: AuthUser | null }) => Awaitable<void>>;
  afterDelete?: OneOrMany<(args: { id: string; doc: ProductData; user: AuthUser | null }) => Awaitable<void>>;
}

/**
 * A booking as its hooks see it: the request's fields on a create (`product`, `from`, `to`,
 * `customer`), the whole booking (SPEC 9) on a change of status and after every change.
 */
export interface BookingData {
  product: string;
  from: string;
  to: string;
  customer: { name: string; email: string; phone?: string; note?: string };
  status?: string;
  [field: string]: unknown;
}

/** `hooks.bookings`: `operation` is `create` for a request, `update` for every change of status (expiry too, with `user` null). */
export interface BookingHooks {
  /** Runs before a booking is stored; it may throw to refuse it, and on a create return changed data (validated again). */
  beforeChange?: OneOrMany<(args: { data: BookingData; originalDoc?: BookingData; operation: 'create' | 'update'; user: AuthUser | null }) => Awaitable<BookingData | void>>;
  /** Runs after the change is committed (to send the customer an e-mail, say); `doc` holds the customer's details. */
  afterChange?: OneOrMany<(args: { doc: BookingData; previousDoc?: BookingData; operation: 'create' | 'update'; user: AuthUser | null }) => Awaitable<void>>;
}

export interface RentsHooks {
  afterLogin?: OneOrMany<(args: { user: AuthUser }) => Awaitable<void>>;
  afterLogout?: OneOrMany<(args: { user: AuthUser }) => Awaitable<void>>;
  /** Delivers a password reset token (by e-mail, say); without one, forgot-password sends nothing. */
  afterForgotPassword?: OneOrMany<(args: { user: AuthUser; token: string; expiresAt: string }) => Awaitable<void>>;
}

export interface ActionDefinition {
  access?: AccessFunction;
  handler: (args: { doc: ProductData; body: Record<string, unknown>; user: AuthUser | null }) => Awaitable<ProductData | void>;
}

export interface RateLimitWindow {
  max: number;
  window: number;
}

export interface RentalConfig {
  access: { products: ProductsAccess; rents: RentsAccess; rentMedia: CollectionAccess; bookings: BookingsAccess; calendars: CollectionAccess; webhooks: CollectionAccess };
  hooks: { products: ProductHooks; rents: RentsHooks; bookings: BookingHooks };
  actions: Record<string, ActionDefinition>;
  /** `timeUnits`: names (SPEC 8's five have their lengths), or `{ name, length }` with an ISO 8601 duration for a unit of another length. */
  products: { upsert: boolean; createWithoutId: boolean; maxLimit: number; timeUnits: (string | TimeUnitDefinition)[] };
  auth: {
    tokenExpiration: number;
    cookies: boolean;
    maxLoginAttempts: number;
    lockTime: number;
    /** How long a password reset token works (ms). */
    forgotPasswordExpiration: number;
    /** How long after issuing a reset token forgot-password issues none for that account (ms; 0: no wait). */
    forgotPasswordInterval: number;
    csrf: string[];
    /** Whether anyone may create an account with POST /api/rents (otherwise admins only). */
    openRegistration: boolean;
  };
  /** `false`: no limits. `login` or `bookings` `false`: those endpoints only under the overall limit. */
  rateLimit: false | (RateLimitWindow & { login: RateLimitWindow | false; bookings: RateLimitWindow | false });
  /** How long an unanswered booking request stays open before it expires (ms; 0: never). */
  bookings: { requestExpiry: number };
  /** Origins whose pages may call the API from a browser (`*` for any); none by default. */
  cors: { origins: string[] };
  media: { maxFileSize: number; mimeTypes: string[]; sizes: Record<string, { width?: number; height?: number }> };
  /** POST /api/products/import: the most rows and bytes one file may have (beyond either, a 413). */
  import: { maxRows: number; maxBytes: number };
  /** Imported calendars (SPEC section 10): how often each is fetched (ms), and whether private addresses may be. */
  calendars: { syncInterval: number; allowPrivateAddresses: boolean };
  /** Webhook deliveries (SPEC 11): whether their URLs may name loopback, private or link-local addresses. */
  webhooks: { allowPrivateAddresses: boolean };
  /** The outbox (SPEC 11): how long events are kept (ms), for Last-Event-ID resumes and deliveries. */
  events: { retention: number };
}

type DeepPartial<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends readonly unknown[]
    ? T
    : T extends object
      ? { [K in keyof T]?: DeepPartial<T[K]> }
      : T;

/** What a configuration file exports: any subset of RentalConfig. */
export type RentalConfigInput = DeepPartial<RentalConfig>;
