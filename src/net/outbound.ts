import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
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

/**
 * Node's own HTTP client, whose parser (llhttp) is native and loaded with Node. undici, which
 * this used before, took ~30 MB of the process's memory from the first webhook delivery on
 * and for good: its ~40 modules, and llhttp compiled from WebAssembly (and optimised again in
 * the background). Sockets are kept alive between requests, for at most 4 s idle (the agents'
 * `timeout`: an idle socket that times out is closed). Connections of public-only requests
 * resolve through checkedLookup; a socket kept alive was checked when it connected.
 */
const agentOptions = { keepAlive: true, timeout: 4_000 };
const publicAgents = { http: new HttpAgent({ ...agentOptions, lookup: checkedLookup }), https: new HttpsAgent({ ...agentOptions, lookup: checkedLookup }) };
const anyAgents = { http: new HttpAgent(agentOptions), https: new HttpsAgent(agentOptions) };

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

/** The typed failure of an error thrown by the request or by the lookup. */
function failure(error: unknown, timedOut: boolean, limits: OutboundLimits): OutboundError {
  if (error instanceof OutboundError) return error;
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof OutboundError) return cause;
  if (timedOut) return new OutboundError('timeout', `No complete answer within ${limits.timeoutMs / 1000} s.`);
  const code = (error as NodeJS.ErrnoException).code;
  if (code) return new OutboundError('network', code === 'ENOTFOUND' ? 'The host name could not be resolved.' : `The connection failed (${code}).`);
  return new OutboundError('network', `The request failed (${(error as Error).message}).`);
}

/** Sends the request and resolves with the answer's head; its body is still to be read. */
function send(url: URL, options: OutboundRequest, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const agents = options.allowPrivateAddresses ? anyAgents : publicAgents;
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, {
      method: options.method ?? 'GET',
      headers: { 'user-agent': USER_AGENT, ...options.headers },
      agent: url.protocol === 'https:' ? agents.https : agents.http,
      signal,
    });
    request.once('response', resolve);
    // Kept on: an error after the answer came (a cancellation) must not go unheard; the body's reading then fails too.
    request.on('error', reject);
    // With the whole body given to end(), Node sends it with its Content-Length.
    request.end(options.body);
  });
}

/**
 * One outbound HTTP request under the service's rules: http(s) only, the host's addresses
 * checked at every request (unless `allowPrivateAddresses`) and the connection made to the
 * address checked, no redirects followed (Node's client follows none; a 3xx is an
 * `http-status` failure), the whole
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
  let response: IncomingMessage | undefined;
  try {
    response = await send(url, options, signal);
    const status = response.statusCode ?? 0;
    const declared = Number(response.headers['content-length']);
    if (Number.isFinite(declared) && declared > options.maxBytes) throw new OutboundError('too-large', `The answer is larger than ${options.maxBytes} bytes.`, status);
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response) {
      size += (chunk as Buffer).length;
      if (size > options.maxBytes) throw new OutboundError('too-large', `The answer is larger than ${options.maxBytes} bytes.`, status);
      chunks.push(chunk as Buffer);
    }
    if (!accept(status)) {
      const redirect = status >= 300 && status < 400 ? ' (redirects are not followed)' : '';
      throw new OutboundError('http-status', `The answer was HTTP ${status}${redirect}.`, status);
    }
    return { status, headers: response.headers, body: Buffer.concat(chunks) };
  } catch (error) {
    // An answer not read to its end: destroying it ends the transfer and its connection.
    response?.destroy();
    throw failure(error, timeout.aborted, options);
  }
}
