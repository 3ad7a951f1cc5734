import type { AccessArgs, AuthUser, RentalConfig } from './types.js';

export const isAdmin = (user: AuthUser | null): boolean => user?.roles.includes('admin') ?? false;

const ownerOf = (args: AccessArgs): string | undefined => {
  const basic = args.doc?.basic as { rent_owner?: unknown } | undefined;
  const owner = basic?.rent_owner;
  if (typeof owner === 'string') return owner;
  if (typeof owner === 'object' && owner !== null && typeof (owner as { id?: unknown }).id === 'string') {
    return (owner as { id: string }).id;
  }
  return undefined;
};

/** What anyone may read of the products; frozen, so that its parsed filter is kept with it (see evaluateAccess). */
const PUBLISHED = Object.freeze({ 'settings.published': Object.freeze({ equals: true }) });

/** `rateLimit.bookings` when the configuration names none: ten requests a minute per client address. */
export const DEFAULT_BOOKINGS_RATE_LIMIT = { max: 10, window: 60_000 } as const;

/** An owner reads and answers the bookings of their products; admins all; anonymous callers none (their token reads their own). */
const bookingStaff = ({ user, doc }: AccessArgs): boolean => isAdmin(user) || (user !== null && doc?.owner === user.id);

/** An owner manages their own products; admins manage everything. */
const ownerOrAdmin = (args: AccessArgs): boolean => isAdmin(args.user) || (args.user !== null && ownerOf(args) === args.user.id);

export function defaultConfig(): RentalConfig {
  return {
    access: {
      products: {
        read: ({ user }) => {
          if (isAdmin(user)) return true;
          return user ? { or: [PUBLISHED, { 'basic.rent_owner': { equals: user.id } }] } : PUBLISHED;
        },
        create: ({ user }) => user !== null,
        update: ownerOrAdmin,
        delete: ownerOrAdmin,
        actions: {},
      },
      rents: {
        read: () => true,
        create: ({ user }) => isAdmin(user),
        update: ({ user, id }) => isAdmin(user) || (user !== null && user.id === id),
        delete: ({ user }) => isAdmin(user),
        unlock: ({ user }) => isAdmin(user),
      },
      // A calendar's `owner` is its product's: the URL is the owner's secret.
      calendars: {
        read: ({ user }) => isAdmin(user) || (user !== null && { owner: { equals: user.id } }),
        create: ({ user, data }) => isAdmin(user) || (user !== null && data?.owner === user.id),
        update: ({ user }) => isAdmin(user) || (user !== null && { owner: { equals: user.id } }),
        delete: ({ user }) => isAdmin(user) || (user !== null && { owner: { equals: user.id } }),
      },
      webhooks: {
        read: ({ user }) => isAdmin(user) || (user !== null && { owner: { equals: user.id } }),
        create: ({ user }) => user !== null,
        update: ({ user }) => isAdmin(user) || (user !== null && { owner: { equals: user.id } }),
        delete: ({ user }) => isAdmin(user) || (user !== null && { owner: { equals: user.id } }),
      },
      rentMedia: {
        read: () => true,
        create: ({ user }) => user !== null,
        update: ({ user, doc }) => isAdmin(user) || (user !== null && doc?.owner === user.id),
        delete: ({ user, doc }) => isAdmin(user) || (user !== null && doc?.owner === user.id),
      },
      bookings: {
        read: ({ user }) => (isAdmin(user) ? true : user ? { owner: { equals: user.id } } : false),
        create: () => true,
        update: bookingStaff,
      },
    },
    hooks: { products: {}, rents: {}, bookings: {} },
    actions: {},
    products: { upsert: false, createWithoutId: true, maxLimit: 100, timeUnits: ['hour', 'day', 'week', 'month', 'year'] },
    auth: { tokenExpiration: 7200, cookies: false, maxLoginAttempts: 5, lockTime: 600_000, forgotPasswordExpiration: 3_600_000, forgotPasswordInterval: 60_000, csrf: [], openRegistration: false },
    rateLimit: { max: 1000, window: 60_000, login: { max: 20, window: 60_000 }, bookings: { ...DEFAULT_BOOKINGS_RATE_LIMIT } },
    bookings: { requestExpiry: 72 * 3_600_000 },
    cors: { origins: [] },
    media: {
      maxFileSize: 10 * 1024 * 1024,
      mimeTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'],
      sizes: { thumbnail: { width: 400 } },
    },
    import: { maxRows: 100_000, maxBytes: 100 * 1024 * 1024 },
    calendars: { syncInterval: 900_000, allowPrivateAddresses: false },
    webhooks: { allowPrivateAddresses: false },
    events: { retention: 7 * 24 * 3_600_000 },
  };
}
