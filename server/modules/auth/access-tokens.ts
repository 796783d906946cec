import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../clock/clock.js';
import { errors } from '../../http/errors.js';

const ISSUER = 'podium';
const AUDIENCE = 'podium-api';

/** Who an access token speaks for: a user, within one of their sessions. */
export interface TokenSubject {
  userId: number;
  sessionId: string;
}

/**
 * Short-lived HS256 access tokens naming their user and session; the guard re-reads the user's flags and
 * the session's state from the database on every request, so an ended session stops its tokens at once.
 */
export class AccessTokens {
  /**
   * Tokens already verified, with their expiry: a signature check is a WebCrypto round trip, and a
   * client sends the same token with every request for its whole lifetime. Bounded, oldest out first.
   */
  private readonly verified = new Map<string, TokenSubject & { expiresAt: number }>();
  private static readonly VERIFIED_CAPACITY = 10_000;

  /** Imported once: given raw bytes, jose would import the key again for every token. */
  private readonly key: Promise<CryptoKey>;

  constructor(
    secret: Uint8Array,
    private readonly ttlSeconds: number,
    private readonly clock: Clock,
  ) {
    this.key = crypto.subtle.importKey(
      'raw',
      new Uint8Array(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  /**
   * The same subject and `issuedAt` always give the same token: a refresh retried within its grace window
   * answers the very pair it answered the first time.
   */
  async sign(
    { userId, sessionId }: TokenSubject,
    issuedAt: string | number = this.clock.now(),
  ): Promise<string> {
    const now = Math.floor(new Date(issuedAt).getTime() / 1000);
    return new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + this.ttlSeconds)
      .sign(await this.key);
  }

  /** Returns the token's user and session, or throws TOKEN_EXPIRED / INVALID_TOKEN. */
  async verify(token: string): Promise<TokenSubject> {
    const known = this.verified.get(token);
    if (known) {
      if (this.clock.now() < known.expiresAt) return { userId: known.userId, sessionId: known.sessionId };
      this.verified.delete(token);
      throw errors.tokenExpired();
    }
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        requiredClaims: ['sub', 'exp'],
        // Expiry is judged by the app's clock, which tests move.
        currentDate: new Date(this.clock.now()),
      });
      const userId = Number(payload.sub);
      const sessionId = payload.sid;
      if (!Number.isSafeInteger(userId) || userId <= 0) throw errors.invalidToken();
      // Tokens from before sessions were named cannot be ended by a logout: they are not accepted.
      if (typeof sessionId !== 'string' || sessionId.length === 0 || sessionId.length > 64) {
        throw errors.invalidToken();
      }
      this.verified.set(token, { userId, sessionId, expiresAt: (payload.exp as number) * 1000 });
      if (this.verified.size > AccessTokens.VERIFIED_CAPACITY) {
        this.verified.delete(this.verified.keys().next().value as string);
      }
      return { userId, sessionId };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw errors.tokenExpired();
      throw errors.invalidToken();
    }
  }
}
