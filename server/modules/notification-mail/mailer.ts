import i18next, { type FormatterModule } from 'i18next';
import type { NotificationKind } from '../../../common/api/notifications.js';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../common/constants.js';
import { notificationSentence, type Translate } from '../../../common/notifications/sentence.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/executor.js';
import { cachedUiCatalog } from '../../web/boot-catalog.js';
import type { Jobs } from '../jobs/runner.js';
import { type MailLink, notificationMail } from '../mail/notification-mail.js';
import type { MailTransport, OutgoingMail } from '../mail/transport.js';
import type { WrittenNotification } from '../notifications/service.js';
import { type MailRecipientRow, NotificationMailRepository } from './repository.js';
import { deliveriesOf, kindsFor } from './settings.js';
import { type UnsubscribeLink, Unsubscribes } from './unsubscribe.js';

/** The job that mails one notification at once. */
export const NOTIFICATION_MAIL = 'notification-mail.at-once';
/** The hourly look that, at the digest's hour, queues one digest per reader. */
export const NOTIFICATION_DIGEST = 'notification-mail.digest';
/** The job that mails one person's digest. */
export const NOTIFICATION_DIGEST_FOR = 'notification-mail.digest-for';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
/** Sentences one digest lists; the rest are counted ("and 12 more"). */
export const DIGEST_MAX_ITEMS = 30;
/** Readers queued per transaction when the digest's hour comes. */
const DIGEST_QUEUE_BATCH = 500;
/** SMTP away: tried again after 10 s, doubling up to 10 min, ten times (as account links are). */
const MAIL_RETRIES = { maxAttempts: 10, retryDelayMs: 10_000, maxRetryDelayMs: 10 * 60_000 };

/** Every number put into a text written as the reader's language writes it, as the web app's formatter does. */
const numbers: FormatterModule = {
  type: 'formatter',
  init: () => undefined,
  add: () => undefined,
  addCached: () => undefined,
  format: (value, _format, language) =>
    typeof value === 'number' && Number.isFinite(value)
      ? new Intl.NumberFormat(language ?? DEFAULT_LANGUAGE).format(value)
      : value,
};

/** The catalog's words in one language, with i18next's plurals and numbers; one per catalog (it changes when a text is edited). */
const translators = new WeakMap<Record<string, string>, Translate>();
function translatorOf(language: Language, catalog: Record<string, string>): Translate {
  let t = translators.get(catalog);
  if (!t) {
    const instance = i18next.createInstance().use(numbers);
    void instance.init({
      lng: language,
      resources: { [language]: { translation: catalog } },
      keySeparator: false,
      nsSeparator: false,
      fallbackLng: false,
      returnEmptyString: false,
      interpolation: { escapeValue: false, alwaysFormat: true },
      initAsync: false,
    });
    t = (key, options) => String(instance.t(key, options));
    translators.set(catalog, t);
  }
  return t;
}

/**
 * Notification e-mail (docs/decisions/033-notification-mail.md). A notification written for someone who
 * chose e-mail for its kind queues its message in the very transaction that wrote it (so it goes once, and
 * only if the notification committed); each day at the digest's hour, every reader with digest kinds gets
 * one message of what is new since their last one. Every message carries its own one-click unsubscribe link.
 */
export class NotificationMailer {
  private readonly unsubscribes: Unsubscribes;

  constructor(
    private readonly ctx: AppContext,
    private readonly transport: MailTransport,
  ) {
    this.unsubscribes = new Unsubscribes(ctx);
  }

  /** Listens to the notifications' writer (notify-core's `afterWrite`) and handles the mail jobs. */
  register(jobs: Jobs): void {
    this.ctx.notifications.afterWrite((trx, written) => this.queueAtOnce(trx, written));
    jobs.handle(
      NOTIFICATION_MAIL,
      (payload) => this.sendAtOnce((payload as { id: number }).id),
      MAIL_RETRIES,
    );
    jobs.every(NOTIFICATION_DIGEST, HOUR_MS, (_payload, job) => this.queueDigests(job.dueAt));
    jobs.handle(
      NOTIFICATION_DIGEST_FOR,
      (payload) => {
        const { userId, until } = payload as { userId: number; until: string };
        return this.sendDigest(userId, until);
      },
      MAIL_RETRIES,
    );
  }

  /**
   * In the writer's transaction: a message for each new notification whose person chose e-mail for its
   * kind. A batched update (`created` false) mails nothing more: the person was told of that topic this hour.
   */
  private async queueAtOnce(trx: Executor, written: readonly WrittenNotification[]): Promise<void> {
    const created = written.filter((notification) => notification.created);
    const repository = new NotificationMailRepository(trx);
    for (const kind of new Set(created.map((notification) => notification.kind))) {
      const ofKind = created.filter((notification) => notification.kind === kind);
      const deliveries = await repository.deliveriesOf(
        ofKind.map((notification) => notification.userId),
        kind,
      );
      // One statement per kind and chunk: a fan-out to thousands queues its messages at once.
      await this.ctx.jobs.enqueueMany(
        trx,
        ofKind
          .filter((notification) => deliveries.get(notification.userId) === 'email')
          .map((notification) => ({
            kind: NOTIFICATION_MAIL,
            payload: { id: notification.id },
            uniqueKey: `${NOTIFICATION_MAIL}:${notification.id}`,
          })),
      );
    }
  }

  /**
   * Mails one notification, if its person still wants it by e-mail and can receive mail. Marked once the
   * SMTP server took it: a job run again after that (its server died before recording the outcome) sends
   * nothing; a failed send leaves no mark and is tried again.
   */
  private async sendAtOnce(notificationId: number): Promise<void> {
    const repository = new NotificationMailRepository(this.ctx.db);
    const row = await repository.notification(notificationId);
    if (!row || (await repository.mailedAt(notificationId))) return;
    const reader = await repository.recipient(row.user_id);
    if (!reader || !mailable(reader)) return;
    const kind = row.kind as NotificationKind;
    const deliveries = await deliveriesOf(repository, reader.id, reader.is_admin === 1);
    if (deliveries[kind] !== 'email') return;
    const language = languageOf(reader);
    const [dto] = await this.ctx.notifications.dtos([row], language);
    if (!dto) return;
    const t = translatorOf(language, await cachedUiCatalog(this.ctx, language));
    const sentence = notificationSentence(t, dto);
    const unsubscribe = await this.unsubscribes.mint(reader, kind, language);
    await this.transport.send(
      await this.render({
        to: reader.email,
        language,
        t,
        subject: t('notificationMail.single.subject', { sentence }),
        heading: t('notificationMail.single.heading'),
        items: [{ label: sentence, url: this.pageUrl(dto.href, language) }],
        button: { label: t('notificationMail.open'), url: this.pageUrl(dto.href, language) },
        footer: t('notificationMail.single.footer', { kind: t(`notificationSettings.kind.${kind}`) }),
        unsubscribeLabel: t('notificationMail.unsubscribe.kind'),
        unsubscribe,
      }),
    );
    await repository.markMailed(notificationId, this.ctx.clock.nowIso());
  }

  /**
   * The hourly occurrence; at the digest's hour (UTC) it queues one digest per reader, keyed by person and
   * day (a second run queues nothing twice), and drops the unsubscribe links past their time.
   */
  private async queueDigests(dueAt: string): Promise<void> {
    if (new Date(dueAt).getUTCHours() !== this.ctx.config.mail.digestHourUtc) return;
    await this.unsubscribes.pruneExpired();
    let after = 0;
    for (;;) {
      const readers = await new NotificationMailRepository(this.ctx.db).digestReaders(
        after,
        DIGEST_QUEUE_BATCH,
      );
      if (readers.length === 0) return;
      await this.ctx.changes.transaction((trx) =>
        this.ctx.jobs.enqueueMany(
          trx,
          readers.map((userId) => ({
            kind: NOTIFICATION_DIGEST_FOR,
            payload: { userId, until: dueAt },
            uniqueKey: `${NOTIFICATION_DIGEST_FOR}:${userId}@${dueAt}`,
          })),
        ),
      );
      after = readers[readers.length - 1] ?? after;
    }
  }

  /**
   * One person's digest: their notifications of the kinds they want in the digest, changed since their
   * last digest (a day before, the first time) up to `until`; none, no mail. Their progress moves to `until`
   * once the SMTP server took the message (or at once when there was nothing): run again, it sends nothing.
   */
  private async sendDigest(userId: number, until: string): Promise<void> {
    const repository = new NotificationMailRepository(this.ctx.db);
    const sentUntil = await repository.digestSentUntil(userId);
    if (sentUntil !== undefined && sentUntil >= until) return;
    const reader = await repository.recipient(userId);
    if (!reader || !mailable(reader)) return;
    const deliveries = await deliveriesOf(repository, reader.id, reader.is_admin === 1);
    const kinds = kindsFor(reader.is_admin === 1).filter((kind) => deliveries[kind] === 'digest');
    const since = sentUntil ?? new Date(Date.parse(until) - DAY_MS).toISOString();
    const { rows, total } = await repository.digestNotifications(
      userId,
      kinds,
      since,
      until,
      DIGEST_MAX_ITEMS,
    );
    const now = this.ctx.clock.nowIso();
    if (total > 0) {
      const language = languageOf(reader);
      const t = translatorOf(language, await cachedUiCatalog(this.ctx, language));
      const dtos = await this.ctx.notifications.dtos(rows, language);
      const unsubscribe = await this.unsubscribes.mint(reader, 'all', language);
      const more = total - dtos.length;
      await this.transport.send(
        await this.render({
          to: reader.email,
          language,
          t,
          subject: t('notificationMail.digest.subject', { count: total }),
          heading: t('notificationMail.digest.heading', { count: total }),
          items: dtos.map((dto) => ({
            label: notificationSentence(t, dto),
            url: this.pageUrl(dto.href, language),
          })),
          more: more > 0 ? t('notificationMail.digest.more', { count: more }) : undefined,
          button: { label: t('notificationMail.digest.open'), url: this.pageUrl('/notifications', language) },
          footer: t('notificationMail.digest.footer'),
          unsubscribeLabel: t('notificationMail.unsubscribe.all'),
          unsubscribe,
        }),
      );
    }
    await repository.setDigestSentUntil(userId, until, now);
  }

  private pageUrl(path: string, language: Language): string {
    const url = new URL(path, `${this.ctx.config.publicUrl}/`);
    url.searchParams.set('lng', language);
    return url.toString();
  }

  private async render(input: {
    to: string;
    language: Language;
    t: Translate;
    subject: string;
    heading: string;
    items: MailLink[];
    more?: string;
    button: MailLink;
    footer: string;
    unsubscribeLabel: string;
    unsubscribe: UnsubscribeLink;
  }): Promise<OutgoingMail> {
    const { render, toPlainText } = await import('@react-email/render');
    const html = await render(
      await notificationMail({
        language: input.language,
        title: input.subject,
        heading: input.heading,
        items: input.items,
        more: input.more,
        button: input.button,
        footer: input.footer,
        unsubscribe: { label: input.unsubscribeLabel, url: input.unsubscribe.page },
        settings: {
          label: input.t('notificationMail.settings'),
          url: this.pageUrl('/profile#notification-settings', input.language),
        },
      }),
    );
    // Links print their words and their address, each on its line: plain text has no other way to follow one.
    const text = toPlainText(html, { selectors: [{ selector: 'h1', options: { uppercase: false } }] });
    return {
      to: input.to,
      subject: input.subject,
      html,
      text,
      headers: {
        'List-Unsubscribe': `<${input.unsubscribe.post}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    };
  }
}

/** Mail goes to an active account's confirmed address only: an address someone else typed receives nothing. */
function mailable(reader: MailRecipientRow): boolean {
  return reader.is_active === 1 && reader.email_verified_at !== null;
}

function languageOf(reader: MailRecipientRow): Language {
  return isLanguage(reader.language) ? reader.language : DEFAULT_LANGUAGE;
}
