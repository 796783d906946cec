import {
  ADMIN_NOTIFICATION_KINDS,
  NOTIFICATION_KINDS,
  type NotificationDelivery,
  type NotificationKind,
  type NotificationSettingsData,
} from '../../../common/api/notifications.js';
import type { AppContext } from '../../context.js';
import { errors } from '../../http/errors.js';
import type { AuthUser } from '../auth/guards.js';
import { NotificationMailRepository } from './repository.js';

/**
 * A kind nobody chose for: told in the app only. Mail is what a person asks for, never what they must
 * turn off (decision 033): nobody receives a message they did not choose, and an address typed by
 * someone else receives nothing but its confirmation link.
 */
export const DEFAULT_DELIVERY: NotificationDelivery = 'app';

/** The kinds a person may receive: administrators' kinds only for administrators. */
export function kindsFor(isAdmin: boolean): readonly NotificationKind[] {
  return isAdmin
    ? NOTIFICATION_KINDS
    : NOTIFICATION_KINDS.filter((kind) => !ADMIN_NOTIFICATION_KINDS.includes(kind));
}

/** The delivery of each kind the person may receive, their choice or the default. */
export async function deliveriesOf(
  repository: NotificationMailRepository,
  userId: number,
  isAdmin: boolean,
): Promise<Record<NotificationKind, NotificationDelivery>> {
  const chosen = new Map((await repository.settings(userId)).map((row) => [row.kind, row.delivery]));
  return Object.fromEntries(
    kindsFor(isAdmin).map((kind) => [kind, chosen.get(kind) ?? DEFAULT_DELIVERY]),
  ) as Record<NotificationKind, NotificationDelivery>;
}

/** GET and PUT /api/users/me/notification-settings: the caller's own, nobody else's. */
export class NotificationSettingsService {
  constructor(private readonly ctx: AppContext) {}

  async get(caller: AuthUser): Promise<NotificationSettingsData> {
    return {
      settings: await deliveriesOf(new NotificationMailRepository(this.ctx.db), caller.id, caller.isAdmin),
    };
  }

  /**
   * Sets the kinds named (the others keep theirs), in one transaction. A kind the caller may not receive
   * is a 400 that changes nothing: the check comes before the first write.
   */
  async set(
    caller: AuthUser,
    settings: Partial<Record<NotificationKind, NotificationDelivery>>,
  ): Promise<NotificationSettingsData> {
    const allowed = new Set(kindsFor(caller.isAdmin));
    const refused = Object.keys(settings).find((kind) => !allowed.has(kind as NotificationKind));
    if (refused) {
      throw errors.validation(
        `Only administrators receive “${refused}” notifications`,
        `settings.${refused}`,
      );
    }
    return this.ctx.changes.transaction(async (trx, change) => {
      const repository = new NotificationMailRepository(trx);
      for (const [kind, delivery] of Object.entries(settings)) {
        if (delivery) await repository.setDelivery(caller.id, kind, delivery, change.at);
      }
      return { settings: await deliveriesOf(repository, caller.id, caller.isAdmin) };
    });
  }
}
