/** One entry of the contract's error body `{"errors":[{message, field?}]}`. */
export interface ErrorItem {
  message: string;
  field?: string;
}

/**
 * An error that becomes an HTTP response in the contract's error shape.
 * Hooks and access functions may throw it; anything else thrown is a 500.
 */
export class APIError extends Error {
  readonly status: number;
  readonly field?: string;
  readonly items: ErrorItem[];
  readonly headers: Record<string, string>;

  constructor(status: number, message: string, field?: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'APIError';
    this.status = status;
    this.field = field;
    this.items = [field === undefined ? { message } : { message, field }];
    this.headers = headers;
  }
}

/** A 400 listing every offending field. */
export class ValidationError extends APIError {
  constructor(items: ErrorItem[]) {
    super(400, items[0]?.message ?? 'The request is invalid.', items[0]?.field);
    this.name = 'ValidationError';
    (this as { items: ErrorItem[] }).items = items;
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

export const notFound = (what = 'The requested resource was not found.'): APIError => new APIError(404, what);
export const conflict = (message: string, field?: string): APIError => new APIError(409, message, field);
export const badRequest = (message: string, field?: string): APIError => new APIError(400, message, field);
export const unauthorized = (message = 'You are not allowed to perform this action.'): APIError =>
  new APIError(401, message);
export const forbidden = (message = 'You are not allowed to perform this action.'): APIError =>
  new APIError(403, message);

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
