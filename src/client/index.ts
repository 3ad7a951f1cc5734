import createClient, { type Middleware } from 'openapi-fetch';
import qs from 'qs';
import type { components, paths } from './schema.js';
import type { ProductWhere } from './where.js';
import { subscribeToEvents, type EventsOptions, type RentalEvent } from './events.js';

export type { EventSubscription, EventsOptions, RentalEvent } from './events.js';
export type { ProductWhere } from './where.js';
export type Product = components['schemas']['Product'];
export type PublicProfile = components['schemas']['PublicProfile'];
export type Media = components['schemas']['Media'];
export type Quote = components['schemas']['Quote'];
export type Availability = components['schemas']['Availability'];
export type Booking = components['schemas']['Booking'];
type BookingRequest = paths['/api/bookings']['post']['requestBody']['content']['application/json'];
type ProductInput = paths['/api/products']['post']['requestBody']['content']['application/json'];
type ProductPatch = NonNullable<paths['/api/products/{id}']['patch']['requestBody']>['content']['application/json'];
type ImportEndpoint = paths['/api/products/import']['post'];
/** What POST /api/products/import answers: a report per row, and the totals. */
export type ImportReport = ImportEndpoint['responses'][200]['content']['application/json'];
export type ImportOptions = NonNullable<ImportEndpoint['parameters']['query']>;
export type ExportOptions = NonNullable<paths['/api/products/export']['get']['parameters']['query']>;
export type Calendar = components['schemas']['Calendar'];
type CalendarInput = paths['/api/calendars']['post']['requestBody']['content']['application/json'];
type CalendarPatch = NonNullable<paths['/api/calendars/{id}']['patch']['requestBody']>['content']['application/json'];

/** A non-2xx answer, with the contract's error list. */
export class RentalApiError extends Error {
  constructor(
    readonly status: number,
    readonly errors: { message: string; field?: string; code?: string }[],
    /** A 429's Retry-After, in seconds. */
    readonly retryAfter?: number,
  ) {
    super(errors[0]?.message ?? `HTTP ${status}`);
    this.name = 'RentalApiError';
  }
}

/** Payload's `select`: fields named true are kept (with `id`); once any is named false, all but those. */
export type ProductSelect = { [field: string]: boolean | ProductSelect };

export interface ListOptions {
  where?: ProductWhere;
  sort?: string;
  limit?: number;
  page?: number;
  q?: string;
  availableFrom?: string;
  availableTo?: string;
  /** Only products with a reservation overlapping reservedFrom…reservedTo. */
  reservedFrom?: string;
  reservedTo?: string;
  depth?: 0 | 1;
  /** The docs then hold only the selected fields, whatever their type says. */
  select?: ProductSelect;
}

/** A list of bookings: where (`status`, `product`, `from`, `to`, `createdAt`, `customer.email`…), sort, page, depth. */
export interface BookingListOptions {
  where?: Record<string, unknown>;
  sort?: string;
  limit?: number;
  page?: number;
  depth?: 0 | 1;
}

type Result<T> = { data?: T; error?: unknown; response: Response };

/** The data of a 2xx answer; any other throws a RentalApiError. */
export function unwrap<T>(result: Result<T>): T {
  if (result.response.ok && result.data !== undefined) return result.data;
  const errors = (result.error as { errors?: { message: string; field?: string; code?: string }[] } | undefined)?.errors;
  const retryAfter = Number(result.response.headers.get('retry-after') ?? Number.NaN);
  throw new RentalApiError(result.response.status, errors ?? [{ message: result.response.statusText }], Number.isFinite(retryAfter) ? retryAfter : undefined);
}

/**
 * A typed client of the Rental Catalogue Service, built on openapi-fetch over the service's
 * own OpenAPI document. `login` keeps the token for the calls that follow.
 */
export function createRentalClient(options: { baseUrl: string; token?: string; fetch?: (request: Request) => Promise<Response> }) {
  let token = options.token;
  const client = createClient<paths>({
    baseUrl: options.baseUrl,
    fetch: options.fetch,
    // The where language uses qs brackets nested to any depth, as Payload clients write it.
    querySerializer: (query) => qs.stringify(query, { encodeValuesOnly: true }),
  });
  const auth: Middleware = {
    onRequest({ request }) {
      if (token) request.headers.set('authorization', `Bearer ${token}`);
      return request;
    },
  };
  client.use(auth);

  return {
    /** The openapi-fetch client itself, typed by the OpenAPI document, for every endpoint. */
    api: client,
    get token() {
      return token;
    },
    async login(email: string, password: string) {
      const result = unwrap(await client.POST('/api/rents/login', { body: { email, password } }));
      token = result.token;
      return result;
    },
    me: async () => unwrap(await client.GET('/api/rents/me')),
    async refresh() {
      const result = unwrap(await client.POST('/api/rents/refresh'));
      token = result.token;
      return result;
    },
    async logout() {
      const result = unwrap(await client.POST('/api/rents/logout'));
      token = undefined;
      return result;
    },
    forgotPassword: async (email: string) => unwrap(await client.POST('/api/rents/forgot-password', { body: { email } })),
    /** Sets the password with the token afterForgotPassword delivered, and keeps the new session's token. */
    async resetPassword(resetToken: string, password: string) {
      const result = unwrap(await client.POST('/api/rents/reset-password', { body: { token: resetToken, password } }));
      token = result.token;
      return result;
    },
    listProducts: async (list: ListOptions = {}) => unwrap(await client.GET('/api/products', { params: { query: list } })),
    countProducts: async (list: Omit<ListOptions, 'sort' | 'limit' | 'page' | 'depth' | 'select'> = {}) =>
      unwrap(await client.GET('/api/products/count', { params: { query: list } })),
    getProduct: async (id: string, depth: 0 | 1 = 1) => unwrap(await client.GET('/api/products/{id}', { params: { path: { id }, query: { depth } } })),
    /** With an id: POST /api/products/:id (bare Product); without: POST /api/products (its `doc`). */
    async createProduct(data: ProductInput, id?: string): Promise<Product> {
      if (id === undefined) return unwrap(await client.POST('/api/products', { body: data })).doc;
      return unwrap(await client.POST('/api/products/{id}', { params: { path: { id } }, body: data })) as Product;
    },
    runAction: async (id: string, action: string, args: Record<string, unknown> = {}) =>
      // A configured action's name is no literal of the generated types (built from the default configuration).
      unwrap(await client.POST('/api/products/{id}', { params: { path: { id } }, body: { action, ...args } as never })) as Product,
    updateProduct: async (id: string, patch: ProductPatch, ifMatch?: string) =>
      unwrap(await client.PATCH('/api/products/{id}', { params: { path: { id }, header: ifMatch ? { 'if-match': ifMatch } : {} }, body: patch })).doc,
    deleteProduct: async (id: string) => unwrap(await client.DELETE('/api/products/{id}', { params: { path: { id } } })).doc,
    /** GET /api/products/export: the file's text (CSV unless `format` says otherwise), with the list's filters and sort. */
    exportProducts: async (options: ExportOptions = {}): Promise<string> =>
      unwrap(await client.GET('/api/products/export', { params: { query: options }, parseAs: 'text' })) as string,
    /** POST /api/products/import: a CSV, JSON or NDJSON file (a Blob's type, else `options.format`, says which). */
    async importProducts(file: Blob, options: ImportOptions = {}): Promise<ImportReport> {
      const type = file.type || { csv: 'text/csv', json: 'application/json', ndjson: 'application/x-ndjson' }[options.format ?? 'csv'];
      const result = await client.POST('/api/products/import', {
        params: { query: options },
        body: file as never,
        bodySerializer: () => file,
        headers: { 'content-type': type },
      });
      return unwrap(result);
    },
    /** What renting a product from `from` to `to` costs, and whether a request for it would be accepted now. */
    quote: async (id: string, from: string, to: string): Promise<Quote> => unwrap(await client.GET('/api/products/{id}/quote', { params: { path: { id }, query: { from, to } } })),
    /** A product's busy time and day statuses (default: today and the 89 days after it). */
    availability: async (id: string, days: { from?: string; to?: string } = {}): Promise<Availability> =>
      unwrap(await client.GET('/api/products/{id}/availability', { params: { path: { id }, query: days } })),
    /** Asks for a product for a time; keep the answer's `token`: it reads and cancels the booking. */
    requestBooking: async (request: BookingRequest, depth?: 0 | 1) => unwrap(await client.POST('/api/bookings', { params: { query: depth === undefined ? {} : { depth } }, body: request })),
    listBookings: async (list: BookingListOptions = {}) => unwrap(await client.GET('/api/bookings', { params: { query: list } })),
    countBookings: async (where?: Record<string, unknown>) => unwrap(await client.GET('/api/bookings/count', { params: { query: where ? { where } : {} } })),
    /** As the owner or an admin (signed in), or as the customer with the booking's token. */
    getBooking: async (id: string, options: { token?: string; depth?: 0 | 1 } = {}): Promise<Booking> => unwrap(await client.GET('/api/bookings/{id}', { params: { path: { id }, query: options } })),
    confirmBooking: async (id: string): Promise<Booking> => unwrap(await client.POST('/api/bookings/{id}', { params: { path: { id }, query: {} }, body: { action: 'confirm' } })),
    declineBooking: async (id: string, reason?: string): Promise<Booking> =>
      unwrap(await client.POST('/api/bookings/{id}', { params: { path: { id }, query: {} }, body: { action: 'decline', ...(reason === undefined ? {} : { reason }) } })),
    /** The owner or an admin; the customer passes the booking's token (before the rental starts). */
    cancelBooking: async (id: string, options: { token?: string; reason?: string } = {}): Promise<Booking> =>
      unwrap(
        await client.POST('/api/bookings/{id}', {
          params: { path: { id }, query: options.token === undefined ? {} : { token: options.token } },
          body: { action: 'cancel', ...(options.reason === undefined ? {} : { reason: options.reason }) },
        }),
      ),
    async uploadMedia(file: Blob, filename: string, alt?: string): Promise<Media> {
      const result = await client.POST('/api/rentMedia', {
        body: { file, alt } as never,
        bodySerializer: () => {
          const form = new FormData();
          form.append('file', file, filename);
          if (alt !== undefined) form.append('alt', alt);
          return form;
        },
      });
      return unwrap(result).doc;
    },
    /** A product's public iCalendar feed (SPEC section 10), as text. */
    productCalendar: async (id: string) => unwrap(await client.GET('/api/products/{id}/calendar.ics', { params: { path: { id } }, parseAs: 'text' })),
    /** A new private feed URL for an account (itself or an admin); the one before stops working. */
    issueCalendarToken: async (rentId: string) => unwrap(await client.POST('/api/rents/{id}/calendar-token', { params: { path: { id: rentId } } })),
    /** Subscribes a product to another channel's feed (synced before it answers). */
    createCalendar: async (input: CalendarInput) => unwrap(await client.POST('/api/calendars', { body: input })).doc,
    listCalendars: async (list: { where?: Record<string, unknown>; sort?: string; limit?: number; page?: number } = {}) =>
      unwrap(await client.GET('/api/calendars', { params: { query: list } })),
    getCalendar: async (id: string) => unwrap(await client.GET('/api/calendars/{id}', { params: { path: { id } } })),
    updateCalendar: async (id: string, patch: CalendarPatch) => unwrap(await client.PATCH('/api/calendars/{id}', { params: { path: { id } }, body: patch })).doc,
    deleteCalendar: async (id: string) => unwrap(await client.DELETE('/api/calendars/{id}', { params: { path: { id } } })).doc,
    /** Fetches the feed now. */
    syncCalendar: async (id: string) => unwrap(await client.POST('/api/calendars/{id}', { params: { path: { id } }, body: { action: 'sync' } })),
    /**
     * The live stream of events (GET /api/events) the caller may see, with EventSource's
     * semantics: reconnects with Last-Event-ID after a drop. Returns the subscription to close.
     */
    events: (onEvent: (event: RentalEvent) => void, eventOptions?: EventsOptions) =>
      subscribeToEvents(
        options.baseUrl,
        (): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {}),
        options.fetch ?? ((request) => fetch(request)),
        onEvent,
        eventOptions,
      ),
  };
}

export type RentalClient = ReturnType<typeof createRentalClient>;
