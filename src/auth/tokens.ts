import { randomBytes } from 'node:crypto';

/**
 * jose is ~45 ES modules that start-up would load before the service can answer; it is
 * loaded by the first token signed or checked instead.
 */
let jose: Promise<typeof import('jose')> | undefined;
const loadJose = () => (jose ??= import('jose'));

/** What a token says: whose it is, which session, until when (UNIX seconds). */
export interface TokenClaims {
  accountId: string;
  sessionId: string;
  exp: number;
}

const ALGORITHM = 'HS256';
const ISSUER = 'rental-catalogue';

const VERIFIED_CACHE_SIZE = 10_000;

export class TokenSigner {
  /**
   * Signatures of tokens already checked: a token's bytes decide its validity once and for all,
   * so repeat requests skip the HMAC. Expiry is still checked on every use, and revocation is
   * the session store's job.
   */
  private readonly verified = new Map<string, TokenClaims>();

  constructor(private readonly key: Uint8Array) {}

  async sign(claims: TokenClaims): Promise<string> {
    const { SignJWT } = await loadJose();
    return new SignJWT({ sid: claims.sessionId, collection: 'rents' })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(claims.accountId)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setJti(randomBytes(9).toString('base64url'))
      .setExpirationTime(claims.exp)
      .sign(this.key);
  }

  /** The claims of a valid token; undefined for anything forged, altered, expired or malformed. */
  async verify(token: string): Promise<TokenClaims | undefined> {
    const known = this.verified.get(token);
    if (known) return known.exp > Date.now() / 1000 ? known : undefined;
    const claims = await this.check(token);
    if (claims) {
      if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.clear();
      this.verified.set(token, claims);
    }
    return claims;
  }

  private async check(token: string): Promise<TokenClaims | undefined> {
    if (!canonicalSignature(token)) return undefined;
    const { jwtVerify, errors } = await loadJose();
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: [ALGORITHM], issuer: ISSUER });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') return undefined;
      return { accountId: payload.sub, sessionId: payload.sid, exp: payload.exp };
    } catch (error) {
      if (error instanceof errors.JOSEError || error instanceof TypeError) return undefined;
      throw error;
    }
  }
}

/**
 * Whether the token's signature is written in canonical base64url. Its last character carries
 * unused low bits (a 32-byte HMAC is 43 characters, 258 bits), which decoders ignore: without
 * this check `…w` and `…x` would be the same signature, and a token altered in its last
 * character would still be accepted.
 */
function canonicalSignature(token: string): boolean {
  const signature = token.slice(token.lastIndexOf('.') + 1);
  return Buffer.from(signature, 'base64url').toString('base64url') === signature;
}
