import type { NotificationDto } from '../api/notifications.js';

/** A translation function as i18next gives it (the web's `t`, or a server's fixed-language one). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Names as one phrase: "A", "A and B", "A, B and C" (several leaders when tied). */
function namesOf(t: Translate, names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} ${t('notification.and')} ${names.at(-1)}`;
}

const sameIds = (a: readonly { id: number }[], b: readonly { id: number }[]) =>
  a.length === b.length && a.every((item) => b.some((other) => other.id === item.id));

/** The sentence of the event itself, in the language of `t`. */
function eventSentence(t: Translate, dto: NotificationDto, topic: string): string {
  const facts = dto.facts;
  switch (facts.kind) {
    case 'leaderChanged':
      // Batched within the hour, the lead may have come back to whom it was before: the sentence says so.
      return t(
        sameIds(facts.leaders, facts.previousLeaders)
          ? 'notification.leaderBack'
          : 'notification.leaderChanged',
        {
          topic,
          leaders: namesOf(
            t,
            facts.leaders.map((leader) => leader.name),
          ),
        },
      );
    case 'ownFirstEnteredPodium':
      return t('notification.ownFirstEnteredPodium', {
        topic,
        proposition: facts.proposition.name,
        rank: facts.rank,
      });
    case 'ownFirstLeftPodium':
      return facts.rank === null
        ? t('notification.ownFirstLeftPodiumWithoutPoints', { topic, proposition: facts.proposition.name })
        : t('notification.ownFirstLeftPodium', {
            topic,
            proposition: facts.proposition.name,
            rank: facts.rank,
          });
    case 'subTopicAdded':
      return t('notification.subTopicAdded', { topic, subTopic: dto.subTopicTitle ?? facts.subTopic.slug });
    case 'proposalAwaitsReview':
      return t('notification.proposalAwaitsReview', { topic, proposition: facts.proposition.name });
    case 'burstFlagged':
      return t('notification.burstFlagged', { topic, count: facts.ballots });
  }
}

/**
 * What a notification says, in the language of `t` (keys `notification.*`): the web's list and the e-mails
 * both use it, so a notification reads the same everywhere. Several events batched in one hour add how many.
 */
export function notificationSentence(t: Translate, dto: NotificationDto): string {
  const topic = dto.topic?.title ?? t('notification.noTopic');
  const sentence = eventSentence(t, dto, topic);
  const events = dto.facts.events;
  return events > 1 ? `${sentence} (${t('notification.events', { count: events })})` : sentence;
}
