import { defaultConfig } from './defaults.js';
import { durationMs } from '../domain/duration.js';
import { BUILT_IN_ACTIONS } from '../domain/built-in-actions.js';
import type { AccessFunction, RateLimitWindow, RentalConfig, RentalConfigInput } from './types.js';

/** Raised for a configuration that cannot run; its message names the offending key. */
export class ConfigError extends Error {
  constructor(readonly key: string, problem: string) {
    super(`Invalid configuration: \`${key}\` ${problem}`);
    this.name = 'ConfigError';
  }
}

type Check = (value: unknown, key: string) => void;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const fn: Check = (value, key) => {
  if (typeof value !== 'function') throw new ConfigError(key, 'must be a function.');
};
const fnOrList: Check = (value, key) => {
  if (Array.isArray(value)) value.forEach((item, index) => fn(item, `${key}.${index}`));
  else fn(value, key);
};
const bool: Check = (value, key) => {
  if (typeof value !== 'boolean') throw new ConfigError(key, 'must be true or false.');
};
const whole = (min: number): Check => (value, key) => {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) throw new ConfigError(key, `must be a whole number of at least ${min}.`);
};
/**
 * A whole number from `min` to `max`: durations beyond those bounds passed the check and broke
 * later (a retention of 1e20 ms made every pruning an invalid date; a lockTime of 1e19 ms overflowed
 * PostgreSQL's bigint, and each wrong password was a 500).
 */
const wholeUpTo = (min: number, max: number, unit: string): Check => (value, key) => {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) throw new ConfigError(key, `must be a whole number of ${unit} from ${min} to ${max}.`);
};
/** 100 years, in milliseconds and in seconds. */
const MAX_MS = 3_155_760_000_000;
const MAX_SECONDS = MAX_MS / 1000;
/** What Node's timers wait at most: a longer wait fires at once. */
const MAX_TIMER_MS = 2_147_483_647;
const ms = (min: number): Check => wholeUpTo(min, MAX_MS, 'milliseconds');
/** A rate limit's window, which a timer waits out. */
const windowMs = wholeUpTo(1, MAX_TIMER_MS, 'milliseconds');
const strings = (nonEmpty: boolean): Check => (value, key) => {
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string' || item === '')) throw new ConfigError(key, 'must be a list of non-empty strings.');
  if (nonEmpty && value.length === 0) throw new ConfigError(key, 'must not be empty.');
};
const origins: Check = (value, key) => {
  strings(false)(value, key);
  for (const [index, origin] of (value as string[]).entries()) {
    if (!/^https?:\/\/[^/\s]+$/.test(origin)) throw new ConfigError(`${key}.${index}`, 'must be an origin such as https://shop.example (no path).');
  }
};

/** Checks an object's keys against a table of checks; unknown keys are errors (they are typos). */
function checkObject(value: unknown, key: string, checks: Record<string, Check>): void {
  if (!isObject(value)) throw new ConfigError(key, 'must be an object.');
  for (const [name, member] of Object.entries(value)) {
    const path = key === '' ? name : `${key}.${name}`;
    const check = checks[name];
    if (!check) throw new ConfigError(path, `is not a configuration key; known keys here: ${Object.keys(checks).join(', ')}.`);
    if (member !== undefined) check(member, path);
  }
}

const object = (checks: Record<string, Check>): Check => (value, key) => checkObject(value, key, checks);

const nonEmptyString: Check = (value, key) => {
  if (typeof value !== 'string' || value === '') throw new ConfigError(key, 'must be a non-empty string.');
};

/** `products.timeUnits`: names (SPEC 8's five have their lengths; another is counted as a day), or `{ name, length }` with an ISO 8601 duration. */
const timeUnits: Check = (value, key) => {
  if (!Array.isArray(value) || value.length === 0) throw new ConfigError(key, 'must be a non-empty list of unit names, or of `{ name, length }` with an ISO 8601 duration.');
  const names = new Set<string>();
  for (const [index, unit] of value.entries()) {
    const at = `${key}.${index}`;
    if (typeof unit === 'string') nonEmptyString(unit, at);
    else {
      checkObject(unit, at, {
        name: nonEmptyString,
        length: (length, lengthKey) => {
          if ((durationMs(length) ?? 0) <= 0) throw new ConfigError(lengthKey, 'must be an ISO 8601 duration longer than nothing, such as P1D or PT30M.');
        },
      });
      for (const member of ['name', 'length']) if ((unit as Record<string, unknown>)[member] === undefined) throw new ConfigError(`${at}.${member}`, 'is required.');
    }
    const name = typeof unit === 'string' ? unit : (unit as { name: string }).name;
    if (names.has(name)) throw new ConfigError(at, `names the unit \`${name}\` a second time.`);
    names.add(name);
  }
};
const mapOf = (check: Check): Check => (value, key) => {
  if (!isObject(value)) throw new ConfigError(key, 'must be an object.');
  for (const [name, member] of Object.entries(value)) check(member, `${key}.${name}`);
};

const window = object({ max: whole(1), window: windowMs });
/** A limit of its own for some endpoints, or `false`: they count only under the overall limit. */
const windowOrOff: Check = (value, key) => {
  if (value !== false) window(value, key);
};
const collectionAccess = { read: fn, create: fn, update: fn, delete: fn };

const SCHEMA: Record<string, Check> = {
  access: object({
    products: object({ ...collectionAccess, actions: mapOf(fn) }),
    rents: object({ ...collectionAccess, unlock: fn }),
    rentMedia: object(collectionAccess),
    bookings: object({ read: fn, create: fn, update: fn }),
    calendars: object(collectionAccess),
    webhooks: object(collectionAccess),
  }),
  hooks: object({
    products: object(Object.fromEntries(['beforeValidate', 'beforeChange', 'afterChange', 'afterRead', 'beforeDelete', 'afterDelete'].map((name) => [name, fnOrList]))),
    rents: object({ afterLogin: fnOrList, afterLogout: fnOrList, afterForgotPassword: fnOrList }),
    bookings: object({ beforeChange: fnOrList, afterChange: fnOrList }),
  }),
  actions: mapOf((value, key) => {
    checkObject(value, key, { access: fn, handler: fn });
    if (typeof (value as { handler?: unknown }).handler !== 'function') throw new ConfigError(`${key}.handler`, 'is required and must be a function.');
    if ((BUILT_IN_ACTIONS as readonly string[]).includes(key.split('.').pop() ?? '')) {
      throw new ConfigError(key, 'has the name of a built-in action; change its access with access.products.actions instead.');
    }
  }),
  products: object({ upsert: bool, createWithoutId: bool, maxLimit: whole(1), timeUnits }),
  auth: object({
    tokenExpiration: wholeUpTo(1, MAX_SECONDS, 'seconds'),
    cookies: bool,
    maxLoginAttempts: whole(1),
    lockTime: ms(0),
    forgotPasswordExpiration: ms(1),
    forgotPasswordInterval: ms(0),
    csrf: origins,
    openRegistration: bool,
  }),
  rateLimit: (value, key) => {
    if (value === false) return;
    checkObject(value, key, { max: whole(1), window: windowMs, login: windowOrOff, bookings: windowOrOff });
  },
  bookings: object({ requestExpiry: ms(0) }),
  cors: object({
    origins: (value, key) => {
      strings(false)(value, key);
      for (const [index, origin] of (value as string[]).entries()) {
        if (origin !== '*' && !/^https?:\/\/[^/\s]+$/.test(origin)) throw new ConfigError(`${key}.${index}`, "must be an origin such as https://shop.example, or '*'.");
      }
    },
  }),
  media: object({
    maxFileSize: whole(1),
    mimeTypes: (value, key) => {
      strings(true)(value, key);
      const allowed = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'];
      for (const [index, type] of (value as string[]).entries()) {
        if (!allowed.includes(type)) throw new ConfigError(`${key}.${index}`, `must be one of ${allowed.join(', ')}.`);
      }
    },
    sizes: mapOf((value, key) => {
      checkObject(value, key, { width: whole(1), height: whole(1) });
      const size = value as { width?: number; height?: number };
      if (size.width === undefined && size.height === undefined) throw new ConfigError(key, 'needs a width, a height or both.');
    }),
  }),
  import: object({ maxRows: whole(1), maxBytes: whole(1) }),
  calendars: object({ syncInterval: ms(1), allowPrivateAddresses: bool }),
  webhooks: object({ allowPrivateAddresses: bool }),
  events: object({ retention: ms(1) }),
};

/** An endpoint group's own rate limit over the default's, key by key; `false` turns it off. */
function mergeWindow(base: RateLimitWindow | false, input: Partial<RateLimitWindow> | false | undefined): RateLimitWindow | false {
  if (input === false) return false;
  if (base === false) return input?.max !== undefined && input.window !== undefined ? { max: input.max, window: input.window } : false;
  return { ...base, ...(input ?? {}) };
}

function mergeSection<T extends object>(base: T, input: object | undefined): T {
  return { ...base, ...(input ?? {}) } as T;
}

/** A validated configuration file's export, laid over the defaults key by key. */
export function resolveConfig(input: unknown): RentalConfig {
  checkObject(input ?? {}, '', SCHEMA);
  const given = (input ?? {}) as RentalConfigInput;
  // An access rule for an action that does not exist is a typo: its action would keep the default rule.
  for (const name of Object.keys(given.access?.products?.actions ?? {})) {
    if (!(BUILT_IN_ACTIONS as readonly string[]).includes(name) && !Object.hasOwn(given.actions ?? {}, name)) {
      throw new ConfigError(`access.products.actions.${name}`, `names no action: neither a built-in one (${BUILT_IN_ACTIONS.join(', ')}) nor one of \`actions\`.`);
    }
  }
  const base = defaultConfig();
  const rateLimit = given.rateLimit === false || base.rateLimit === false
    ? false
    : {
        ...base.rateLimit,
        ...(given.rateLimit ?? {}),
        login: mergeWindow(base.rateLimit.login, given.rateLimit?.login),
        bookings: mergeWindow(base.rateLimit.bookings, given.rateLimit?.bookings),
      };
  return {
    access: {
      products: {
        ...mergeSection(base.access.products, given.access?.products),
        actions: { ...base.access.products.actions, ...((given.access?.products?.actions ?? {}) as Record<string, AccessFunction>) },
      },
      rents: mergeSection(base.access.rents, given.access?.rents),
      rentMedia: mergeSection(base.access.rentMedia, given.access?.rentMedia),
      bookings: mergeSection(base.access.bookings, given.access?.bookings),
      calendars: mergeSection(base.access.calendars, given.access?.calendars),
      webhooks: mergeSection(base.access.webhooks, given.access?.webhooks),
    },
    hooks: {
      products: mergeSection(base.hooks.products, given.hooks?.products),
      rents: mergeSection(base.hooks.rents, given.hooks?.rents),
      bookings: mergeSection(base.hooks.bookings, given.hooks?.bookings),
    },
    actions: mergeSection(base.actions, given.actions as RentalConfig['actions'] | undefined),
    products: mergeSection(base.products, given.products),
    auth: mergeSection(base.auth, given.auth),
    rateLimit,
    cors: mergeSection(base.cors, given.cors),
    bookings: mergeSection(base.bookings, given.bookings),
    media: { ...mergeSection(base.media, given.media), sizes: (given.media?.sizes as RentalConfig['media']['sizes'] | undefined) ?? base.media.sizes },
    import: mergeSection(base.import, given.import),
    calendars: mergeSection(base.calendars, given.calendars),
    webhooks: mergeSection(base.webhooks, given.webhooks),
    events: mergeSection(base.events, given.events),
  };
}
