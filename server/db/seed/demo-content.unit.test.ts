import { describe, expect, it } from 'vitest';
import { lacksSpaceBeforeMark, letsALineStartWithAMark } from '../../../common/i18n/french-typography.js';
import {
  DEMO_CATEGORIES,
  DEMO_MAIN_TOPICS,
  DEMO_STANDALONE_TOPICS,
  DEMO_TAGS,
  SUB_TOPIC_DESCRIPTION,
} from './demo-content.js';

/** Every French text of the demo content a visitor reads. */
const FRENCH_TEXTS = [
  ...DEMO_CATEGORIES.map((category) => category.names.fr),
  ...DEMO_TAGS.map((tag) => tag.names.fr),
  ...[...DEMO_MAIN_TOPICS, ...DEMO_STANDALONE_TOPICS].flatMap((topic) => [
    topic.titles.fr,
    topic.descriptions.fr,
  ]),
  SUB_TOPIC_DESCRIPTION.fr,
];

describe('the demo content in French', () => {
  it('never lets a line start with ? ! ; : or » (a hub’s description ended on a lone « ? »)', () => {
    expect(FRENCH_TEXTS.filter(letsALineStartWithAMark)).toEqual([]);
  });

  it('puts a space before ? ! ; and inside guillemets', () => {
    expect(FRENCH_TEXTS.filter(lacksSpaceBeforeMark)).toEqual([]);
  });
});
