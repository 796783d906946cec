import { describe, expect, it } from 'vitest';
import { letsALineStartWithAMark } from '../../../common/i18n/french-typography.js';
import {
  DEMO_CATEGORIES,
  DEMO_MAIN_TOPICS,
  DEMO_STANDALONE_TOPICS,
  DEMO_TAGS,
  SUB_TOPIC_DESCRIPTION,
} from './demo-content.js';

describe('the demo content in French', () => {
  it('never lets a line start with ? ! ; : or » (a hub’s description ended on a lone « ? »)', () => {
    const texts = [
      ...DEMO_CATEGORIES.map((category) => category.names.fr),
      ...DEMO_TAGS.map((tag) => tag.names.fr),
      ...[...DEMO_MAIN_TOPICS, ...DEMO_STANDALONE_TOPICS].flatMap((topic) => [
        topic.titles.fr,
        topic.descriptions.fr,
      ]),
      SUB_TOPIC_DESCRIPTION.fr,
    ];
    expect(texts.filter(letsALineStartWithAMark)).toEqual([]);
  });
});
