import { randomBytes } from 'node:crypto';
import type { AuthUser } from '../config/types.js';
import type { RentRow } from '../storage/rents-repository.js';
import type { SessionsRepository } from '../storage/sessions-repository.js';
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

/** Sessions and the tokens that stand for them. */
export class SessionManager {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly signer: TokenSigner,
    private readonly lifetimeSeconds: number,
  ) {}

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
    const row = await this.sessions.activeAccount(claims.sessionId, claims.accountId, Date.now());
    return row ? { user: userOfRow(row), claims } : undefined;
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
