import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import type { Agent } from 'undici';
import { OutboundError } from './outbound-error.js';
import { ipLiteral, isPublicAddress } from './address-policy.js';

/** Limits of one outbound request. */
export interface OutboundLimits {
  /** The whole request (connect, send, answer, body) must end within this. */
  timeoutMs: number;
  /** A response body past this many bytes aborts the transfer (`too-large`). */
  maxBytes: number;
  /** Allow loopback, private and other non-public addresses (tests, intranets). Default false. */
  allowPrivateAddresses?: boolean;
}

export interface OutboundRequest extends OutboundLimits {
  method?: 'GET' | 'POST';
  /** Request headers, e.g. `if-none-match` and `if-modified-since` for a conditional GET, or a webhook's signature. */
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Which statuses are an answer; others throw `http-status`. Default: 2xx. */
  accept?: (status: number) => boolean;
  /** Cancels the request (e.g. on shutdown); it then fails as `network`. */
  signal?: AbortSignal;
}

export interface OutboundResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

const MAX_URL_LENGTH = 2048;
const USER_AGENT = 'rental-catalogue-service';

/** The URL, if it is an absolute http(s) URL the service may call; `invalid-url` otherwise. */
export function parseOutboundUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new OutboundError('invalid-url', 'Must be an absolute http:// or https:// URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundError('invalid-url', 'Must be an http:// or https:// URL.');
  if (text.length > MAX_URL_LENGTH) throw new OutboundError('invalid-url', `Must be at most ${MAX_URL_LENGTH} characters long.`);
  return url;
}

const blocked = (host: string, address: string) =>
  new OutboundError('blocked-address', address === host ? `The address ${address} is not a public internet address.` : `${host} resolves to ${address}, which is not a public internet address.`);

/** Every address a name resolves to (all of them are checked: a connection may go to any). */
function resolveAll(hostname: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));
}

/**
 * The lookup the connections use: resolves the name, refuses it when any of its addresses is
 * not public, and hands the socket exactly the addresses it checked. Checking and connecting
 * are one step, so a DNS answer that changes in between (rebinding) never reaches a socket.
 */
const checkedLookup: LookupFunction = (hostname, options, callback) => {
  resolveAll(hostname).then(
    (addresses) => {
      const refused = addresses.find((entry) => !isPublicAddress(entry.address));
      if (refused) return callback(blocked(hostname, refused.address) as NodeJS.ErrnoException, '', 0);
      const wanted = options.family === 4 || options.family === 6 ? addresses.filter((entry) => entry.family === options.family) : addresses;
      if (wanted.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
      if (options.all) return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, wanted);
      const [first] = wanted as [LookupAddress];
      callback(null, first.address, first.family);
    },
    (error: NodeJS.ErrnoException) => callback(error, '', 0),
  );
};

type Undici = typeof import('undici');

/**
 * undici and its agents, loaded by the first outbound request: ~40 modules that a service
 * with no webhook or imported calendar never needs, and that start-up would otherwise load.
 * Connections of public-only requests resolve through checkedLookup; a socket kept alive was
 * checked when it connected.
 */
let client: Promise<{ undici: Undici; publicAgent: Agent; anyAgent: Agent }> | undefined;
const loadClient = () =>
  (client ??= import('undici').then((undici) => {
    UndiciError = undici.errors.UndiciError;
    return {
      undici,
      publicAgent: new undici.Agent({ connect: { lookup: checkedLookup }, keepAliveTimeout: 4_000 }),
      anyAgent: new undici.Agent({ keepAliveTimeout: 4_000 }),
    };
  }));
/** undici's error class once loaded: before that, no error can be one of its. */
let UndiciError: Undici['errors']['UndiciError'] | undefined;

/**
 * Checks a URL as it is given (a webhook's or a calendar's, at creation or change): an
 * absolute http(s) URL whose host, if it can be resolved now, has only public addresses.
 * A name that cannot be resolved yet is let through: every request checks again.
 */
export async function checkOutboundUrl(text: string, options: { allowPrivateAddresses?: boolean } = {}): Promise<URL> {
  const url = parseOutboundUrl(text);
  if (options.allowPrivateAddresses) return url;
  const literal = ipLiteral(url.hostname);
  if (literal !== undefined) {
    if (!isPublicAddress(literal)) throw blocked(literal, literal);
    return url;
  }
  let addresses: LookupAddress[];
  try {
    addresses = await resolveAll(url.hostname);
  } catch {
    return url;
  }
  const refused = addresses.find((entry) => !isPublicAddress(entry.address));
  if (refused) throw blocked(url.hostname, refused.address);
  return url;
}

/** The typed failure of an error thrown by undici or by the lookup. */
function failure(error: unknown, timedOut: boolean, limits: OutboundLimits): OutboundError {
  if (error instanceof OutboundError) return error;
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof OutboundError) return cause;
  const code = (error as { code?: unknown }).code;
  if (timedOut || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') return new OutboundError('timeout', `No complete answer within ${limits.timeoutMs / 1000} s.`);
  if ((UndiciError && error instanceof UndiciError) || (error as NodeJS.ErrnoException).code) {
    const code = (error as NodeJS.ErrnoException).code;
    return new OutboundError('network', code === 'ENOTFOUND' ? 'The host name could not be resolved.' : `The connection failed (${code ?? (error as Error).name}).`);
  }
  return new OutboundError('network', `The request failed (${(error as Error).message}).`);
}

/**
 * One outbound HTTP request under the service's rules: http(s) only, the host's addresses
 * checked at every request (unless `allowPrivateAddresses`) and the connection made to the
 * address checked, no redirects followed (undici's `request` follows none without a redirect
 * interceptor; a 3xx is an `http-status` failure), the whole
 * exchange within `timeoutMs`, and the body cut off past `maxBytes`. Fails with an
 * OutboundError of a kind that says why.
 */
export async function outboundRequest(target: string, options: OutboundRequest): Promise<OutboundResponse> {
  const url = parseOutboundUrl(target);
  const literal = ipLiteral(url.hostname);
  // A literal address reaches no lookup: it is checked here.
  if (!options.allowPrivateAddresses && literal !== undefined && !isPublicAddress(literal)) throw blocked(literal, literal);
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  const accept = options.accept ?? ((status: number) => status >= 200 && status < 300);
  try {
    const { undici, publicAgent, anyAgent } = await loadClient();
    const response = await undici.request(url, {
      method: options.method ?? 'GET',
      headers: { 'user-agent': USER_AGENT, ...options.headers },
      body: options.body,
      signal,
      dispatcher: options.allowPrivateAddresses ? anyAgent : publicAgent,
      // The whole-request deadline (the signal) ends it first; these only back it up.
      headersTimeout: options.timeoutMs + 1_000,
      bodyTimeout: options.timeoutMs + 1_000,
    });
    // Destroying the body ends the transfer (and its connection); its abort error is ours to ignore.
    response.body.on('error', () => undefined);
    const declared = Number(response.headers['content-length']);
    if (Number.isFinite(declared) && declared > options.maxBytes) {
      response.body.destroy();
      throw new OutboundError('too-large', `The answer is larger than ${options.maxBytes} bytes.`, response.statusCode);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response.body) {
      size += (chunk as Buffer).length;
      if (size > options.maxBytes) {
        response.body.destroy();
        throw new OutboundError('too-large', `The answer is larger than ${options.maxBytes} bytes.`, response.statusCode);
      }
      chunks.push(chunk as Buffer);
    }
    if (!accept(response.statusCode)) {
      const redirect = response.statusCode >= 300 && response.statusCode < 400 ? ' (redirects are not followed)' : '';
      throw new OutboundError('http-status', `The answer was HTTP ${response.statusCode}${redirect}.`, response.statusCode);
    }
    return { status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) };
  } catch (error) {
    throw failure(error, timeout.aborted, options);
  }
}
