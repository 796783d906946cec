import { errors } from '../../http/errors.js';
import type { AuthUser } from '../auth/guards.js';

/** Reading votes: one's own, or anyone's for an administrator. */
export function assertMayReadVotesOf(caller: AuthUser, userId: number | undefined): number {
  if (userId === undefined || userId === caller.id) return caller.id;
  if (!caller.isAdmin) throw errors.forbidden('You can only see your own votes');
  return userId;
}

/**
 * Casting or withdrawing votes: always as oneself, administrators included; a vote is a personal
 * opinion, so no one may place or remove it on another person's behalf.
 */
export function assertVotesAsSelf(caller: AuthUser, userIds: readonly (number | undefined)[]): void {
  if (userIds.some((userId) => userId !== undefined && userId !== caller.id)) {
    throw errors.forbidden('You can only vote as yourself');
  }
}
