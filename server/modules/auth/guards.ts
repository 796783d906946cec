import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../db/executor.js';
import { errors } from '../../http/errors.js';
import type { AccessTokens } from './access-tokens.js';
import { SessionsRepository } from './sessions-repository.js';

/** The caller as the database says now: deactivation and demotion take effect on the next request. */
export interface AuthUser {
  id: number;
  username: string;
  isAdmin: boolean;
  /** The session the caller's token belongs to ("sign out" ends it). */
  sessionId: string;
  /** What the counting rules look at (issue 36), read with the rest: a ballot's state costs no extra read. */
  createdAt: string;
  emailVerified: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    authUser?: AuthUser;
  }
  interface FastifyContextConfig {
    /** A route's own rule beyond its guard ("another voter's: administrator"), shown in docs/routes.md. */
    access?: string;
  }
}

export type Guard = (request: FastifyRequest) => Promise<void>;

export interface Guards {
  /** From this step on, a signed-in active user is required. */
  requireUser: Guard;
  /** From this step on, an active administrator is required. */
  requireAdmin: Guard;
  /** Identifies the caller when a token is sent; a bad token is still refused. */
  optionalUser: Guard;
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw errors.invalidToken('Malformed Authorization header');
  return match[1];
}

export function createGuards(db: Executor, accessTokens: AccessTokens): Guards {
  const sessions = new SessionsRepository(db);
  async function identify(request: FastifyRequest, token: string): Promise<void> {
    const { userId, sessionId } = await accessTokens.verify(token);
    const user = await sessions.caller(userId, sessionId);
    if (!user) throw errors.invalidToken();
    if (user.is_active !== 1) throw errors.accountDisabled(401);
    if (user.session_open !== 1) throw errors.invalidToken('This session has ended; sign in again');
    request.authUser = {
      id: user.id,
      username: user.username,
      isAdmin: user.is_admin === 1,
      sessionId,
      createdAt: user.created_at,
      emailVerified: user.email_verified_at !== null,
    };
  }

  const requireUser: Guard = async (request) => {
    const token = bearerToken(request);
    if (!token) throw errors.unauthorized();
    await identify(request, token);
  };

  return {
    requireUser,
    async requireAdmin(request) {
      await requireUser(request);
      if (!request.authUser?.isAdmin) throw errors.forbidden('Administrator access required');
    },
    async optionalUser(request) {
      const token = bearerToken(request);
      if (token) await identify(request, token);
    },
  };
}

/** The signed-in caller of a route guarded by requireUser or requireAdmin. */
export function callerOf(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw errors.unauthorized();
  return request.authUser;
}
