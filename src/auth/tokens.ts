import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, errors } from 'jose';

/** What a token says: whose it is, which session, until when (UNIX seconds). */
export interface TokenClaims {
  accountId: string;
  sessionId: string;
  exp: number;
}

const ALGORITHM = 'HS256';
const ISSUER = 'rental-catalogue';

export class TokenSigner {
  constructor(private readonly key: Uint8Array) {}

  async sign(claims: TokenClaims): Promise<string> {
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
