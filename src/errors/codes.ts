import { APIError, ValidationError, type ErrorItem } from './api-error.js';

/**
 * Every error the service answers with, defined once (as Fastify's lib/errors.js defines its
 * own): its code, its status, and its message and field from what it names. `Errors.X(...)`
 * is the error to throw; `Errors.X.item(...)` one item of a 400 that lists several. Each item of
 * a response's `errors` carries its code beside the contract's `message` and `field`; errors
 * of the configuration's hooks and access rules carry the code of their status
 * (STATUS_CODES, api-error.ts).
 */
export interface ErrorDefinition<A extends unknown[]> {
  (...args: A): APIError;
  item(...args: A): ErrorItem;
  readonly code: string;
  readonly status: number;
}

type Text<A extends unknown[]> = string | ((...args: A) => string | undefined);

function define<A extends unknown[] = []>(status: number, message: Text<A>, field?: Text<A>, headers?: (...args: A) => Record<string, string>) {
  return (code: string): ErrorDefinition<A> => {
    const text = (value: Text<A> | undefined, args: A) => (typeof value === 'function' ? value(...args) : value);
    const item = (...args: A): ErrorItem => {
      const at = text(field, args);
      return at === undefined ? { message: text(message, args) as string, code } : { message: text(message, args) as string, field: at, code };
    };
    const create = (...args: A): APIError => {
      const { message: said, field: at } = item(...args);
      return status === 400 ? new ValidationError([item(...args)]) : new APIError(status, said, at, headers?.(...args) ?? {}, code);
    };
    return Object.assign(create, { item, code, status });
  };
}

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const DEFINITIONS = {
  // Requests
  INVALID_JSON: define(400, 'The body is not valid JSON.'),
  BODY_NOT_UTF8: define(400, 'The body is not valid UTF-8 (JSON is exchanged in UTF-8, RFC 8259).'),
  BODY_NOT_OBJECT: define(400, 'The body must be a JSON object.'),
  BODY_TOO_DEEP: define<[number]>(400, (levels) => `The body is nested deeper than ${levels} levels.`),
  FORBIDDEN_KEY: define<[string, string]>(400, (key) => `The key \`${key}\` is not allowed in a body.`, (_key, path) => path),
  EMPTY_PATCH: define(400, 'The body has no fields to update.'),
  WHERE_MISSING: define<[string]>(400, (verb) => `Missing 'where' query of documents to ${verb}.`, 'where'),
  TOO_MANY_MATCHES: define<[string, string]>(400, (message) => message, (_message, field) => field),
  ROUTE_NOT_FOUND: define<[string, string]>(404, (method, path) => `No route ${method} ${path}.`),
  METHOD_NOT_ALLOWED: define<[string, string[]]>(405, (message) => message, undefined, (_message, allowed) => ({ allow: allowed.join(', ') })),
  RATE_LIMITED: define<[number]>(429, (seconds) => `Too many requests; try again in ${seconds} seconds.`, undefined, (seconds) => ({ 'retry-after': String(seconds) })),
  CSRF_REFUSED: define(403, 'Cross-site request refused: its Origin is not allowed.'),
  ACCESS_DENIED: define(403, 'You are not allowed to perform this action.'),
  UNAUTHORIZED: define(401, 'You are not allowed to perform this action.'),

  // Products
  PRODUCT_NOT_FOUND: define<[string]>(404, (id) => `No product has the id \`${id}\`.`),
  PRODUCT_ID_INVALID: define(400, 'Must be 1–64 letters, digits, `_` or `-`, starting with a letter or digit (and not a reserved word such as `count`).', 'id'),
  PRODUCT_ID_MISMATCH: define(400, 'Must equal the id in the path (or be left out).', 'id'),
  PRODUCT_ID_TAKEN: define<[string]>(409, (id) => `A product with the id \`${id}\` already exists.`, 'id'),
  SLUG_TAKEN: define<[string]>(409, (slug) => `The slug \`${slug}\` is already used by another product.`, 'settings.slug'),
  SLUG_EXHAUSTED: define(409, 'Could not find a free slug; set settings.slug explicitly.', 'settings.slug'),
  PRODUCT_BUSY: define(409, 'The product is being changed by other requests; try again.'),
  ETAG_MISMATCH: define(412, 'The product has changed since it was read (If-Match does not match its ETag).'),
  ETAG_OVERTAKEN: define(412, 'The product was changed by another request (If-Match no longer matches).'),
  OWNER_CHANGE_FORBIDDEN: define(403, "Only an admin may change a product's owner."),
  OWNER_NOT_SELF: define(403, 'You may only create products for your own account.'),
  UNKNOWN_OWNER: define<[string]>(400, (id) => `No rents account has the id \`${id}\`.`, 'basic.rent_owner'),
  UNKNOWN_TERM: define<[string]>(400, (id) => `Must be the id of one of the owner's terms (terms.termsArray[].id); \`${id}\` is not.`, 'additional.selectedTerm'),
  NO_OWNER_TERMS: define(400, 'A product without an owner has no terms to select.', 'additional.selectedTerm'),
  UNKNOWN_MEDIA: define<[string, number | undefined]>(400, (id) => `No rentMedia document has the id \`${id}\`.`, (_id, index) => (index === undefined ? 'gallery.images' : `gallery.images.${index}`)),
  RESERVATION_OVERLAP: define<[string, string]>(409, (a, b) => `Reservations \`${a}\` and \`${b}\` overlap.`, 'availability.reservationDates'),
  RESERVATION_OF_BOOKING: define<[string, string]>(
    409,
    (id, booking) => `Reservation \`${id}\` holds the confirmed booking \`${booking}\`: cancel the booking (POST /api/bookings/${booking} {"action": "cancel"}) to free or change its time.`,
    'availability.reservationDates',
  ),
  RELEASE_OF_BOOKING: define<[string, string]>(
    409,
    (id, booking) => `Reservation \`${id}\` holds the confirmed booking \`${booking}\`: cancel the booking (POST /api/bookings/${booking} {"action": "cancel"}) to free its time.`,
    'reservationId',
  ),
  RESERVATION_NOT_FOUND: define<[string]>(404, (id) => `The product has no reservation \`${id}\`.`, 'reservationId'),
  RESERVATION_ID_REQUIRED: define(400, 'Must be the id of a reservation.', 'reservationId'),
  ACTION_NAME_INVALID: define(400, 'Must be the name of one action.', 'action'),
  ACTION_UNKNOWN: define<[string, string[]]>(400, (action, known) => `Unknown action \`${action}\`; known actions: ${known.join(', ')}.`, 'action'),
  NEW_ID_INVALID: define(400, 'Must be a product id.', 'newId'),
  CREATE_WITHOUT_ID_OFF: define(405, 'Products are created with POST /api/products/:id in this installation.', undefined, () => ({ allow: 'GET, HEAD, PATCH, DELETE' })),

  // Accounts and sessions
  ACCOUNT_NOT_FOUND: define<[string]>(404, (id) => `No rents account has the id \`${id}\`.`),
  EMAIL_NOT_FOUND: define<[string]>(404, (email) => `No account has the e-mail ${email}.`, 'email'),
  EMAIL_TAKEN: define(409, 'An account with this e-mail already exists.', 'email'),
  DUPLICATE_TERM_ID: define<[string]>(400, (id) => `Two terms have the id \`${id}\`.`, 'terms.termsArray'),
  TERM_IN_USE: define<[string, string]>(409, (term, product) => `The term \`${term}\` is still the selectedTerm of product \`${product}\`.`, 'terms.termsArray'),
  ROLES_FORBIDDEN: define<[string]>(403, (verb) => `Only an admin may ${verb} roles.`),
  ACCOUNT_BUSY: define(409, 'The account was changed by another request; try again.'),
  ACCOUNT_OWNS: define<[number, number]>(
    409,
    (products, media) =>
      `The account still owns ${[...(products > 0 ? [counted(products, 'product', 'products')] : []), ...(media > 0 ? [counted(media, 'media document', 'media documents')] : [])].join(' and ')}: delete them, or give the products to another account, first.`,
    'id',
  ),
  ACCOUNT_STILL_REFERRED: define(409, 'Something still refers to the account (perhaps written meanwhile); try again.', 'id'),
  ACCOUNT_GONE: define(401, 'The account no longer exists.'),
  CURRENT_PASSWORD_REQUIRED: define(400, 'Required to change the password or the login e-mail.', 'currentPassword'),
  CURRENT_PASSWORD_WRONG: define(400, 'Does not match the current password.', 'currentPassword'),
  WRONG_CREDENTIALS: define(401, 'The email or password provided is incorrect.'),
  ACCOUNT_LOCKED: define<[number]>(429, (seconds) => `Too many failed logins; this account is locked for ${seconds} more seconds.`, undefined, (seconds) => ({ 'retry-after': String(seconds) })),
  NOT_LOGGED_IN: define(401, 'You are not logged in.'),
  RESET_TOKEN_INVALID: define(403, 'The reset token is invalid or has expired.', 'token'),

  // Media
  MEDIA_NOT_FOUND: define<[string]>(404, (id) => `No rentMedia document has the id \`${id}\`.`),
  FILE_NOT_FOUND: define(404, 'No such file.'),
  MEDIA_IN_USE: define<[string]>(409, (product) => `The gallery of product \`${product}\` uses this image; remove it there first.`, 'id'),
  MULTIPART_REQUIRED: define(415, 'Send the image as multipart/form-data with a `file` field.'),
  MULTIPART_INVALID: define<[string]>(400, (message) => message),
  FILE_REQUIRED: define(400, 'A `file` field with the image is required.', 'file'),
  FILE_NOT_REPLACEABLE: define(400, "A media document's file is not replaced: upload the new image (POST /api/rentMedia) and put it in the gallery instead.", 'file'),
  FILE_COUNT: define(400, 'Send one file per request.', 'file'),
  FILE_TOO_LARGE: define<[number]>(413, (bytes) => `The file is larger than ${bytes} bytes.`, 'file'),
  FILE_UNSUPPORTED: define<[string, string]>(415, (detail, accepted) => `Unsupported file: ${detail} Send ${accepted} image.`, 'file'),
  PAYLOAD_NOT_OBJECT: define(400, '`_payload` must be a JSON object.', '_payload'),
  ALT_INVALID: define<[number]>(400, (max) => `Must be a string of at most ${max} characters.`, 'alt'),

  // Calendars, webhooks and events
  URL_REFUSED: define<[string]>(400, (reason) => reason, 'url'),
  CALENDAR_NOT_FOUND: define<[string]>(404, (id) => `No calendar has the id \`${id}\`.`),
  CALENDAR_PRODUCT_UNKNOWN: define<[string]>(400, (id) => `No product has the id \`${id}\`.`, 'product'),
  CALENDAR_PRODUCT_GONE: define(404, "The calendar's product no longer exists."),
  CALENDAR_CHANGE_FORBIDDEN: define<[string]>(403, (operation) => `You may not ${operation} this calendar.`),
  CALENDAR_IMPORT_FORBIDDEN: define(403, 'Only the owner of the product or an admin may import calendars into it.'),
  CALENDAR_ACTION_INVALID: define(400, 'Must be `sync`.', 'action'),
  FEED_NOT_FOUND: define(404, 'No calendar feed here: the URL is unknown or its token was replaced.'),
  WEBHOOK_NOT_FOUND: define<[string]>(404, (id) => `No webhook has the id \`${id}\`.`),
  WEBHOOK_SCOPE_OWNER: define(400, "Only an admin's webhook may be global (scope `all`): this webhook's owner is not an admin.", 'scope'),
  WEBHOOK_SCOPE_FORBIDDEN: define(403, "Only an admin may subscribe to every account's events (scope `all`).", 'scope'),
  EVENT_ID_INVALID: define<[string]>(400, 'Must be the id of an event (a whole number).', (field) => field),
  TOKEN_INVALID: define(401, 'The token is missing, invalid or expired.'),

  // Bookings
  BOOKING_NOT_FOUND: define<[string]>(404, (id) => `No booking has the id \`${id}\`.`),
  BOOKING_UNAVAILABLE: define<[string, string | undefined]>(409, (message) => message, (_message, field) => field),
  BOOKING_STATE: define<[string, string]>(409, (from, to) => `The booking is ${from}; it cannot become ${to}.`, 'status'),
  BOOKING_STARTED: define(409, 'The rental has started: only the rental shop can cancel it now.', 'status'),
  BOOKING_PRODUCT_GONE: define(409, 'The product of this booking no longer exists.', 'product'),
  BOOKING_ACTION_INVALID: define(400, 'Must be confirm, decline or cancel.', 'action'),
  BOOKING_CUSTOMER_CANCEL_ONLY: define(403, 'With the booking token a customer may only cancel.'),

  // Import
  IMPORT_FILE_REQUIRED: define(400, 'A `file` field with the products is required.', 'file'),
  IMPORT_BODY_EMPTY: define(400, 'The body is empty: send the file as the body.', 'file'),
  IMPORT_CHARSET_UNKNOWN: define<[string]>(400, (label) => `\`${label}\` is not an encoding the import can read (utf-8, windows-1250, iso-8859-2, …).`, 'charset'),
  IMPORT_FILE_INVALID: define<[string]>(400, (message) => message, 'file'),
  IMPORT_FILE_TOO_LARGE: define<[number]>(413, (bytes) => `The file is larger than ${bytes} bytes, the most an import takes (import.maxBytes).`, 'file', () => ({ connection: 'close' })),
  IMPORT_TOO_MANY_ROWS: define<[number]>(413, (rows) => `The file has more than ${rows} rows; an import takes at most ${rows} (import.maxRows).`),
  IMPORT_FORMAT_UNSUPPORTED: define(415, 'Send the products as text/csv, application/json (an array), application/x-ndjson, or multipart/form-data with a `file` field.'),
  IMPORT_DUPLICATE_ROW: define<[number]>(409, (row) => `Row ${row} of the file has this id too; a product appears once in a file, so only that row is imported.`, 'id'),
  IMPORT_ROLLBACK_FAILED: define<[number]>(500, (row) => `Row ${row} failed while writing, and the rows written before it could not all be put back.`),
} as const;

type Definitions = typeof DEFINITIONS;

/** The codes an error item may carry, besides those of STATUS_CODES. */
export type ErrorCode = keyof Definitions;

export const Errors = Object.fromEntries(Object.entries(DEFINITIONS).map(([code, make]) => [code, make(code)])) as {
  [C in ErrorCode]: ReturnType<Definitions[C]>;
};
