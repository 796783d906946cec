import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { errors } from '../../http/errors.js';

const ISSUER = 'podium';
const AUDIENCE = 'podium-api';

/** Short-lived HS256 access tokens; the user's flags are re-read from the database on every request. */
export class AccessTokens {
  /**
   * Tokens already verified, with their expiry: a signature check is a WebCrypto round trip, and a
   * client sends the same token with every request for its whole lifetime. Bounded, oldest out first.
   */
  private readonly verified = new Map<string, { userId: number; expiresAt: number }>();
  private static readonly VERIFIED_CAPACITY = 10_000;

  /** Imported once: given raw bytes, jose would import the key again for every token. */
  private readonly key: Promise<CryptoKey>;

  constructor(
    secret: Uint8Array,
    private readonly ttlSeconds: number,
  ) {
    this.key = crypto.subtle.importKey(
      'raw',
      new Uint8Array(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  async sign(userId: number): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + this.ttlSeconds)
      .sign(await this.key);
  }

  /** Returns the user id, or throws TOKEN_EXPIRED / INVALID_TOKEN. */
  async verify(token: string): Promise<number> {
    const known = this.verified.get(token);
    if (known) {
      if (Date.now() < known.expiresAt) return known.userId;
      this.verified.delete(token);
      throw errors.tokenExpired();
    }
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        requiredClaims: ['sub', 'exp'],
      });
      const userId = Number(payload.sub);
      if (!Number.isSafeInteger(userId) || userId <= 0) throw errors.invalidToken();
      this.verified.set(token, { userId, expiresAt: (payload.exp as number) * 1000 });
      if (this.verified.size > AccessTokens.VERIFIED_CAPACITY) {
        this.verified.delete(this.verified.keys().next().value as string);
      }
      return userId;
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw errors.tokenExpired();
      throw errors.invalidToken();
    }
  }
}
