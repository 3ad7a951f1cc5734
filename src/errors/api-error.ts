/** One entry of the contract's error body `{"errors":[{message, field?, code}]}`; `code` names it (codes.ts). */
export interface ErrorItem {
  message: string;
  field?: string;
  code?: string;
}

/**
 * The code of an error that has none of its own (codes.ts defines those), by its status: what
 * the configuration's hooks and access rules throw, and the framework's own refusals.
 */
export const STATUS_CODES: Readonly<Record<number, string>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  412: 'PRECONDITION_FAILED',
  413: 'BODY_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  416: 'RANGE_NOT_SATISFIABLE',
  422: 'UNPROCESSABLE',
  429: 'TOO_MANY_REQUESTS',
  431: 'HEADERS_TOO_LARGE',
  500: 'INTERNAL_ERROR',
  503: 'DATABASE_UNAVAILABLE',
};

/** The items of a 400 that name fields carry one of these (schema-validator.ts): missing, unknown, or invalid. */
export const FIELD_CODES = { required: 'FIELD_REQUIRED', unknown: 'FIELD_UNKNOWN', invalid: 'FIELD_INVALID' } as const;

export const codeOfStatus = (status: number): string => STATUS_CODES[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'CLIENT_ERROR');

/** Every item with a code: its own, else its status's. */
export const withCodes = (items: ErrorItem[], status: number): ErrorItem[] =>
  items.map(({ message, field, code }) => ({ message, ...(field === undefined ? {} : { field }), code: code ?? (status === 400 && field !== undefined ? FIELD_CODES.invalid : codeOfStatus(status)) }));

/**
 * An error that becomes an HTTP response in the contract's error shape.
 * Hooks and access functions may throw it; anything else thrown is a 500.
 */
export class APIError extends Error {
  readonly status: number;
  readonly field?: string;
  readonly items: ErrorItem[];
  readonly headers: Record<string, string>;
  /** The code of its (first) item: its own (codes.ts), else its status's. */
  readonly code: string;

  constructor(status: number, message: string, field?: string, headers: Record<string, string> = {}, code?: string) {
    super(message);
    this.name = 'APIError';
    this.status = status;
    this.field = field;
    this.items = withCodes([{ message, field, code }], status);
    this.headers = headers;
    this.code = this.items[0]?.code ?? codeOfStatus(status);
  }
}

/** A 400 listing every offending field. */
export class ValidationError extends APIError {
  constructor(items: ErrorItem[]) {
    super(400, items[0]?.message ?? 'The request is invalid.', items[0]?.field);
    this.name = 'ValidationError';
    (this as { items: ErrorItem[] }).items = withCodes(items, 400);
    (this as { code: string }).code = this.items[0]?.code ?? codeOfStatus(400);
  }
}

/**
 * Runs one parser of a request whose problems are reported together: a ValidationError's
 * items go into `errors` (and undefined comes back), anything else is thrown.
 */
export function collectingErrors<T>(parse: () => T, errors: ErrorItem[]): T | undefined {
  try {
    return parse();
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    errors.push(...error.items);
    return undefined;
  }
}

/** Errors thrown by user code (hooks) count as ours when they carry a client status. */
export function asClientError(error: unknown): APIError | undefined {
  if (error instanceof APIError) return error;
  if (typeof error !== 'object' || error === null) return undefined;
  const { status, message, field } = error as { status?: unknown; message?: unknown; field?: unknown };
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 400 || status > 499) return undefined;
  return new APIError(
    status,
    typeof message === 'string' && message !== '' ? message : 'The request was rejected.',
    typeof field === 'string' ? field : undefined,
  );
}
