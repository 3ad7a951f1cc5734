import { randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { AuthUser } from '../config/types.js';
import type { RentRow } from '../storage/rents-repository.js';
import type { ActiveSession, SessionsRepository } from '../storage/sessions-repository.js';
import type { ChangeSource } from '../storage/change-feed.js';
import type { TokenClaims, TokenSigner } from './tokens.js';

export const userOfRow = (row: RentRow): AuthUser => ({
  id: row.id,
  email: row.email,
  rentNameSystem: row.rent_name_system,
  roles: JSON.parse(row.roles) as string[],
});

export interface IssuedToken {
  token: string;
  exp: number;
}

/** A caller proven by a token: the account and the session the token belongs to. */
export interface Authenticated {
  user: AuthUser;
  claims: TokenClaims;
}

/** Bounds the memory of very many open sessions: the least recently used go first. */
const MAX_CACHED_SESSIONS = 10_000;

/**
 * Live sessions already looked up, kept until any account or session changes. Only where
 * every change reaches this process before it is acknowledged (one SQLite process): across
 * PostgreSQL instances a notification would leave a logged-out token usable for its latency.
 */
class SessionCache {
  private readonly entries = new LRUCache<string, ActiveSession>({ max: MAX_CACHED_SESSIONS });
  private otherWritersSeen: number | undefined;
  /** Moves when this cache empties itself for another process's commit, which the feed's generation does not count yet. */
  private emptied = 0;

  constructor(private readonly changes: ChangeSource) {
    this.otherWritersSeen = changes.otherWriters();
    changes.onChange(() => this.entries.clear());
  }

  /** What a read notes before it goes to the database; a change since (here or elsewhere) keeps what it read out. */
  get generation(): number {
    return this.changes.generation + this.emptied;
  }

  get(sessionId: string): ActiveSession | undefined {
    // Another process on the SQLite file may have ended the session a moment ago: then every
    // entry is read again (this cache only; the others follow the feed's poll).
    const version = this.changes.otherWriters();
    if (version !== this.otherWritersSeen) {
      this.otherWritersSeen = version;
      this.emptied++;
      this.entries.clear();
    }
    return this.entries.get(sessionId);
  }

  set(sessionId: string, session: ActiveSession, readAt: number): void {
    if (readAt !== this.generation) return;
    this.entries.set(sessionId, session);
  }
}

/** Sessions and the tokens that stand for them. */
export class SessionManager {
  private readonly cache?: SessionCache;

  constructor(
    private readonly sessions: SessionsRepository,
    private readonly signer: TokenSigner,
    private readonly lifetimeSeconds: number,
    /** Given when sessions may be cached (see SessionCache): the changes they follow. */
    cacheChanges?: ChangeSource,
  ) {
    if (cacheChanges) this.cache = new SessionCache(cacheChanges);
  }

  private expiry(): number {
    return Math.floor(Date.now() / 1000) + this.lifetimeSeconds;
  }

  async start(accountId: string): Promise<IssuedToken> {
    const sessionId = randomBytes(16).toString('base64url');
    const exp = this.expiry();
    await this.sessions.create({ id: sessionId, rentId: accountId, expiresAt: exp * 1000 });
    return { token: await this.signer.sign({ accountId, sessionId, exp }), exp };
  }

  /** The caller behind a token, if the token is genuine and its session still open. */
  async authenticate(token: string): Promise<Authenticated | undefined> {
    const claims = await this.signer.verify(token);
    if (!claims) return undefined;
    const now = Date.now();
    const session = await this.activeSession(claims, now);
    return session && session.account.id === claims.accountId && session.expiresAt > now ? { user: userOfRow(session.account), claims } : undefined;
  }

  private async activeSession(claims: TokenClaims, now: number): Promise<ActiveSession | undefined> {
    const cached = this.cache?.get(claims.sessionId);
    if (cached) return cached;
    const readAt = this.cache?.generation ?? 0;
    const session = await this.sessions.active(claims.sessionId, claims.accountId, now);
    if (session) this.cache?.set(claims.sessionId, session, readAt);
    return session;
  }

  /** A new token for the same session, which now lives as long as the new token. */
  async refresh(current: Authenticated): Promise<IssuedToken> {
    const exp = this.expiry();
    await this.sessions.extend(current.claims.sessionId, exp * 1000);
    return { token: await this.signer.sign({ accountId: current.user.id, sessionId: current.claims.sessionId, exp }), exp };
  }

  async end(current: Authenticated): Promise<void> {
    await this.sessions.revoke(current.claims.sessionId, Date.now());
  }

  async endOthers(accountId: string, keepSessionId: string | undefined): Promise<void> {
    await this.sessions.revokeOthers(accountId, keepSessionId, Date.now());
  }
}
