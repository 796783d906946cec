import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import type { NotificationDto, NotificationFacts } from '../api/notifications.js';
import { uiCatalog } from '../i18n/index.js';
import { LANGUAGES, type Language } from '../languages.js';
import { notificationSentence, type Translate } from './sentence.js';

function translator(language: Language): Translate {
  const instance = i18next.createInstance();
  void instance.init({
    lng: language,
    resources: { [language]: { translation: uiCatalog[language] } },
    keySeparator: false,
    nsSeparator: false,
    fallbackLng: false,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return (key, options) => instance.t(key, options);
}

const dto = (facts: NotificationFacts, extra: Partial<NotificationDto> = {}): NotificationDto => ({
  id: 1,
  kind: facts.kind,
  topic: { id: 7, slug: 'best-pizza', title: 'Best pizza', isMain: false },
  facts,
  createdAt: '2026-11-28T10:00:00.000Z',
  updatedAt: '2026-11-28T10:00:00.000Z',
  read: false,
  href: '/topic/best-pizza?lng=en',
  ...extra,
});

const alpha = { id: 1, name: 'Alpha' };
const bravo = { id: 2, name: 'Bravo' };
const every: NotificationDto[] = [
  dto({ kind: 'leaderChanged', leaders: [bravo], previousLeaders: [alpha], events: 1 }),
  dto({ kind: 'ownFirstEnteredPodium', proposition: alpha, rank: 2, events: 1 }),
  dto({ kind: 'ownFirstLeftPodium', proposition: alpha, rank: 4, events: 1 }),
  dto({ kind: 'ownFirstLeftPodium', proposition: alpha, rank: null, events: 1 }),
  dto({ kind: 'subTopicAdded', subTopic: { id: 8, slug: 'lyon' }, events: 1 }, { subTopicTitle: 'Lyon' }),
  dto({ kind: 'proposalAwaitsReview', proposition: alpha, events: 1 }),
  dto({ kind: 'burstFlagged', flagId: 3, ballots: 12, events: 1 }),
];

describe('notificationSentence', () => {
  it('says each kind in English with its names, ranks and counts', () => {
    const t = translator('en');
    expect(every.map((n) => notificationSentence(t, n))).toEqual([
      'New #1 in Best pizza: Bravo',
      'Your #1, Alpha, entered the podium of Best pizza at rank 2',
      'Your #1, Alpha, left the podium of Best pizza: it is now at rank 4',
      'Your #1, Alpha, left the podium of Best pizza: it has no points left',
      'New in Best pizza: Lyon',
      'A proposal awaits review in Best pizza: Alpha',
      'A burst of 12 ballots was flagged in Best pizza',
    ]);
  });

  it('names tied leaders together, says when the lead came back, and counts the events of the hour', () => {
    const t = translator('en');
    expect(
      notificationSentence(
        t,
        dto({ kind: 'leaderChanged', leaders: [alpha, bravo], previousLeaders: [], events: 1 }),
      ),
    ).toBe('New #1 in Best pizza: Alpha and Bravo');
    expect(
      notificationSentence(
        t,
        dto({ kind: 'leaderChanged', leaders: [alpha], previousLeaders: [alpha], events: 3 }),
      ),
    ).toBe('Back at #1 in Best pizza: Alpha (3 changes this hour)');
    expect(notificationSentence(t, dto({ kind: 'burstFlagged', flagId: 3, ballots: 1, events: 1 }))).toBe(
      'A burst of 1 ballot was flagged in Best pizza',
    );
  });

  it('reads in every language, with French typography, no key left untranslated', () => {
    for (const language of LANGUAGES) {
      const t = translator(language);
      for (const n of every) {
        const sentence = notificationSentence(t, { ...n, facts: { ...n.facts, events: 2 } });
        expect(sentence).not.toMatch(/notification\.|\{\{/);
        expect(sentence).toContain('Best pizza');
      }
    }
    expect(
      notificationSentence(
        translator('fr'),
        dto({ kind: 'leaderChanged', leaders: [bravo], previousLeaders: [alpha], events: 2 }),
      ),
    ).toBe('Nouveau n°\u00a01 dans Best pizza\u00a0: Bravo (2 changements cette heure-ci)');
  });
});
