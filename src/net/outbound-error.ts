/** Why an outbound request failed; each kind's message is safe to show to the owner of the URL. */
export type OutboundFailure =
  /** Not an absolute http(s) URL. */
  | 'invalid-url'
  /** The host is, or resolves to, an address outside the public internet (loopback, private, link-local, metadata…). */
  | 'blocked-address'
  /** No complete answer within the request's time. */
  | 'timeout'
  /** The response body passed the size cap (the transfer was cut off). */
  | 'too-large'
  /** An answer with a status the caller does not accept (any 3xx included: redirects are not followed). */
  | 'http-status'
  /** DNS, connection, TLS or protocol failure. */
  | 'network';

export class OutboundError extends Error {
  constructor(
    readonly kind: OutboundFailure,
    message: string,
    /** The response's status, for `http-status` (and `too-large`, whose status had arrived). */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}
