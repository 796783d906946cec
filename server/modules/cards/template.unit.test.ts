import { describe, expect, it } from 'vitest';
import { uiCatalog } from '../../../common/i18n/index.js';
import {
  type CardModel,
  type CardNode,
  cardAlt,
  cardTemplate,
  cardWords,
  clipText,
  NAME_MAX_CHARS,
  TITLE_MAX_CHARS,
} from './template.js';

const wordsIn = (language: 'fr' | 'en' | 'es' | 'de') => cardWords(uiCatalog[language]);

/** Every text of a template, in order. */
function textsOf(node: CardNode | string): string[] {
  if (typeof node === 'string') return [node];
  const children = node.props.children;
  if (children === undefined) return [];
  return (Array.isArray(children) ? children : [children]).flatMap(textsOf);
}

/** The style of the node holding `text`. */
function styleOf(node: CardNode, text: string): Record<string, string | number> | undefined {
  const children = node.props.children;
  const list = children === undefined ? [] : Array.isArray(children) ? children : [children];
  if (list.includes(text)) return node.props.style;
  for (const child of list) {
    if (typeof child === 'string') continue;
    const found = styleOf(child, text);
    if (found) return found;
  }
  return undefined;
}

const topicCard = (
  title: string,
  names: string[],
  language: 'fr' | 'en' | 'es' | 'de' = 'en',
): CardModel => ({
  kind: 'topic',
  language,
  title,
  podium: names.map((name, index) => ({ rank: index + 1, name, points: 30 - 10 * index })),
  words: wordsIn(language),
});

describe('the share card text clipping', () => {
  it('keeps a short text as it is, on one line', () => {
    expect(clipText('  Best   pizza\nin Paris ', 40)).toBe('Best pizza in Paris');
  });

  it('cuts a long text to its limit with an ellipsis, never inside a letter with its accent', () => {
    const clipped = clipText('Crème brûlée '.repeat(20), 30);
    expect([...new Intl.Segmenter().segment(clipped)]).toHaveLength(30);
    expect(clipped.endsWith('…')).toBe(true);
    const decomposed = 'e\u0301'.repeat(10);
    expect(clipText(decomposed, 5)).toBe(`${'e\u0301'.repeat(4)}…`);
  });

  it('never splits an emoji made of several code points', () => {
    const family = '👨‍👩‍👧‍👦';
    expect(clipText(`${family}${family}${family}`, 2)).toBe(`${family}…`);
  });

  it('clips the title and the names of a card that someone wrote far too long', () => {
    const title = 'A'.repeat(5_000);
    const name = 'Ñ'.repeat(500);
    const texts = textsOf(cardTemplate(topicCard(title, [name, 'Short'])));
    expect(texts).toContain(`${'A'.repeat(TITLE_MAX_CHARS - 1)}…`);
    expect(texts).toContain(`${'Ñ'.repeat(NAME_MAX_CHARS - 1)}…`);
    expect(texts).toContain('Short');
  });

  it('lets the layout end the title on its second line and a name on its first, with an ellipsis', () => {
    const template = cardTemplate(topicCard('Best pizza in Paris', ['Da Marco']));
    expect(styleOf(template, 'Best pizza in Paris')).toMatchObject({ lineClamp: 2, overflow: 'hidden' });
    expect(styleOf(template, 'Da Marco')).toMatchObject({
      whiteSpace: 'nowrap',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
    });
  });
});

describe('the share card template', () => {
  it('shows the brand, the title, each place with its medal number and points in the language', () => {
    const texts = textsOf(cardTemplate(topicCard('Beste Pizza', ['Da Marco', 'Straße', 'Ölmühle'], 'de')));
    expect(texts).toEqual([
      'Podium',
      'Wähle deine Top 3',
      'Beste Pizza',
      '1',
      'Da Marco',
      '30 Punkte',
      '2',
      'Straße',
      '20 Punkte',
      '3',
      'Ölmühle',
      '10 Punkte',
    ]);
  });

  it('says there is no vote yet on a topic without ballots', () => {
    expect(textsOf(cardTemplate(topicCard('Vide', [], 'fr')))).toContain(
      'Pas encore de vote\u00a0: soyez le premier\u00a0!',
    );
  });

  it("writes a hub's leaders under their sub-topics, and leaves out a sub-topic without ballots", () => {
    const model: CardModel = {
      kind: 'hub',
      language: 'en',
      title: 'Paris',
      leaders: [
        { topic: 'Best bakery', leader: { rank: 1, name: 'Du Pain', points: 1_234 } },
        { topic: 'Best museum', leader: null },
      ],
      words: wordsIn('en'),
    };
    const texts = textsOf(cardTemplate(model));
    expect(texts).toEqual([
      'Podium',
      'Leading each ranking',
      'Paris',
      '1',
      'Best bakery',
      'Du Pain',
      '1,234 points',
    ]);
    expect(cardAlt(model)).toBe('Leaders of the rankings of “Paris”: Best bakery: Du Pain');
  });

  it('describes the card in its alternative text, one point in the singular', () => {
    const model = topicCard('Meilleure pizza', ['Da Marco', 'Luigi'], 'fr');
    if (model.kind === 'topic') model.podium[1] = { rank: 2, name: 'Luigi', points: 1 };
    expect(cardAlt(model)).toBe(
      'Podium de «\u00a0Meilleure pizza\u00a0»\u00a0: 1. Da Marco (30 points), 2. Luigi (1 point)',
    );
    expect(cardAlt(topicCard('Leer', [], 'de'))).toBe('Podium von „Leer“: noch keine Stimmen');
  });
});
