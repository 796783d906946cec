import type { Language } from '../../../common/constants.js';
import { BRAND } from '../../web/page-meta.js';
import { fillText } from '../texts/fill.js';

/** The size Open Graph and Twitter ask for a large image (1.91:1). */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/**
 * Characters kept of each text before layout. Satori clips what is left to the card's lines with an
 * ellipsis (lineClamp, textOverflow), by the font's real widths; this first cut keeps a 10,000-character
 * title from costing a layout of 10,000 characters, and the alternative text of the page head short.
 */
export const TITLE_MAX_CHARS = 120;
export const NAME_MAX_CHARS = 60;
/** Sub-topics a hub's card lists (its leaders): four rows fit the card at a readable size. */
export const HUB_CARD_ROWS = 4;

/** One place of a topic's podium as its card shows it. */
export interface CardPlace {
  rank: number;
  name: string;
  points: number;
}

/** A sub-topic of a hub and its leader (none while it has no ballot). */
export interface CardLeader {
  topic: string;
  leader: CardPlace | null;
}

/**
 * Everything a card shows, and nothing else: two models that are equal make the same image, so a
 * change that moves no figure of it (a ballot below the podium) renews nothing.
 */
export type CardModel =
  | { kind: 'topic'; language: Language; title: string; podium: CardPlace[]; words: CardWords }
  | { kind: 'hub'; language: Language; title: string; leaders: CardLeader[]; words: CardWords };

/** The card's words in its language (common/i18n/catalogs/share-cards.ts, administrators' edits included). */
export interface CardWords {
  pointsOne: string;
  pointsOther: string;
  tagline: string;
  noVotes: string;
  hubLeaders: string;
  alt: string;
  altEmpty: string;
  hubAlt: string;
}

/** The catalog keys of CardWords. */
const CARD_WORD_KEYS: Record<keyof CardWords, string> = {
  pointsOne: 'card.points_one',
  pointsOther: 'card.points_other',
  tagline: 'card.tagline',
  noVotes: 'card.noVotes',
  hubLeaders: 'card.hubLeaders',
  alt: 'card.alt',
  altEmpty: 'card.altEmpty',
  hubAlt: 'card.hubAlt',
};

/** The card's words from a language's UI catalog (a key it lacks stands for itself). */
export function cardWords(catalog: Readonly<Record<string, string>>): CardWords {
  const entries = Object.entries(CARD_WORD_KEYS).map(([name, key]) => [name, catalog[key] ?? key]);
  return Object.fromEntries(entries) as unknown as CardWords;
}

/** A node of the card's template: the React element shape satori reads, as plain data a worker can take. */
export interface CardNode {
  type: string;
  props: { style?: Record<string, string | number>; children?: CardChild | CardChild[] };
}
type CardChild = CardNode | string;

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * `text` on one line (runs of white space as one space) cut to at most `max` characters as a reader counts
 * them (an accented letter or an emoji with its modifiers is one, never split), with an ellipsis when cut.
 */
export function clipText(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const graphemes = Array.from(segmenter.segment(line), (part) => part.segment);
  if (graphemes.length <= max) return line;
  return `${graphemes
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`;
}

/** "42 points" in the card's language. */
export function pointsText(model: CardModel, points: number): string {
  const plural = new Intl.PluralRules(model.language).select(points);
  const words = model.words;
  return fillText(plural === 'one' ? words.pointsOne : words.pointsOther, {
    count: points.toLocaleString(model.language),
  });
}

/** The image's alternative text: what the card shows, in a sentence (the page head's og:image:alt). */
export function cardAlt(model: CardModel): string {
  const { words } = model;
  const title = clipText(model.title, TITLE_MAX_CHARS);
  if (model.kind === 'hub') {
    const leaders = model.leaders
      .filter((row) => row.leader !== null)
      .map(
        (row) =>
          `${clipText(row.topic, NAME_MAX_CHARS)}: ${clipText(row.leader?.name ?? '', NAME_MAX_CHARS)}`,
      );
    if (leaders.length === 0) return fillText(words.altEmpty, { title });
    return fillText(words.hubAlt, { title, leaders: leaders.join(', ') });
  }
  if (model.podium.length === 0) return fillText(words.altEmpty, { title });
  const podium = model.podium
    .map(
      (place) =>
        `${place.rank}. ${clipText(place.name, NAME_MAX_CHARS)} (${pointsText(model, place.points)})`,
    )
    .join(', ');
  return fillText(words.alt, { title, podium });
}

const COLORS = {
  background: '#f6f7fb',
  surface: '#ffffff',
  border: '#e3e5ee',
  text: '#1c2033',
  muted: '#565c73',
  brand: '#4338ca',
  onBrand: '#ffffff',
};
/** Gold, silver and bronze, each with a text colour that reads on it (contrast 4.5:1 and more). */
const MEDALS: Record<number, { fill: string; text: string }> = {
  1: { fill: '#f2c94c', text: '#3d2c00' },
  2: { fill: '#cfd5df', text: '#222833' },
  3: { fill: '#d9965b', text: '#2e1805' },
};
const OTHER_MEDAL = { fill: COLORS.border, text: COLORS.text };
const PADDING = 56;
const INNER_WIDTH = CARD_WIDTH - 2 * PADDING;

const node = (style: Record<string, string | number>, ...children: CardChild[]): CardNode => ({
  type: 'div',
  props: { style: { display: 'flex', ...style }, children },
});

/** Text on at most `lines` lines, cut with an ellipsis where it overflows. */
const text = (content: string, style: Record<string, string | number>, lines = 1): CardNode => ({
  type: 'div',
  props: {
    style:
      lines === 1
        ? { display: 'block', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', ...style }
        : { display: 'block', lineClamp: lines, overflow: 'hidden', ...style },
    children: content,
  },
});

/** A medal: the place's number on gold, silver or bronze. */
function medal(rank: number, size: number): CardNode {
  const colors = MEDALS[rank] ?? OTHER_MEDAL;
  return node(
    {
      width: size,
      height: size,
      flexShrink: 0,
      borderRadius: size / 2,
      backgroundColor: colors.fill,
      color: colors.text,
      alignItems: 'center',
      justifyContent: 'center',
      fontSize: size * 0.5,
      fontWeight: 800,
    },
    String(rank),
  );
}

/** A row of the card: a medal, a name (and above it, on a hub, its sub-topic), the points. */
function row(
  model: CardModel,
  place: CardPlace,
  options: { height: number; nameSize: number; above?: string },
): CardNode {
  const medalSize = Math.round(options.height * 0.72);
  const nameWidth = INNER_WIDTH - 2 * 28 - medalSize - 24 - 260;
  const name = text(clipText(place.name, NAME_MAX_CHARS), {
    fontSize: options.nameSize,
    fontWeight: 700,
    color: COLORS.text,
    width: nameWidth,
  });
  const label =
    options.above === undefined
      ? name
      : node(
          { flexDirection: 'column', width: nameWidth },
          text(clipText(options.above, NAME_MAX_CHARS), {
            fontSize: Math.round(options.nameSize * 0.62),
            color: COLORS.muted,
            width: nameWidth,
          }),
          name,
        );
  return node(
    {
      height: options.height,
      alignItems: 'center',
      paddingLeft: 28,
      paddingRight: 28,
      backgroundColor: COLORS.surface,
      border: `2px solid ${COLORS.border}`,
      borderRadius: 20,
    },
    medal(place.rank, medalSize),
    node({ width: 24 }),
    label,
    text(pointsText(model, place.points), {
      width: 260,
      textAlign: 'right',
      fontSize: Math.round(options.nameSize * 0.8),
      fontWeight: 600,
      color: COLORS.muted,
    }),
  );
}

/** The rows of the card's body, or the empty state's line. */
function body(model: CardModel): CardNode[] {
  if (model.kind === 'topic') {
    if (model.podium.length === 0) return [emptyState(model)];
    return model.podium.map((place) => row(model, place, { height: 96, nameSize: 40 }));
  }
  const leading = model.leaders.filter((entry) => entry.leader !== null);
  if (leading.length === 0) return [emptyState(model)];
  return leading.map((entry) =>
    row(model, entry.leader as CardPlace, { height: 86, nameSize: 32, above: entry.topic }),
  );
}

function emptyState(model: CardModel): CardNode {
  return text(model.words.noVotes, { fontSize: 40, color: COLORS.muted, paddingTop: 40 });
}

/**
 * The card as satori's element tree: the brand, the title (two lines at most), the podium's three
 * places with their medals and points (a hub: each sub-topic's leader), and the invitation to vote.
 */
export function cardTemplate(model: CardModel): CardNode {
  const gap = model.kind === 'topic' ? 14 : 12;
  const rows = body(model).flatMap((rowNode, index) =>
    index === 0 ? [rowNode] : [node({ height: gap }), rowNode],
  );
  return node(
    {
      width: CARD_WIDTH,
      height: CARD_HEIGHT,
      flexDirection: 'column',
      padding: PADDING,
      paddingTop: 40,
      backgroundColor: COLORS.background,
      fontFamily: 'Inter, Inter Ext',
      color: COLORS.text,
    },
    node(
      { justifyContent: 'space-between', alignItems: 'center', width: INNER_WIDTH },
      node(
        {
          backgroundColor: COLORS.brand,
          color: COLORS.onBrand,
          fontSize: 30,
          fontWeight: 800,
          paddingLeft: 22,
          paddingRight: 22,
          paddingTop: 8,
          paddingBottom: 8,
          borderRadius: 14,
        },
        BRAND,
      ),
      text(model.kind === 'hub' ? model.words.hubLeaders : model.words.tagline, {
        fontSize: 28,
        fontWeight: 600,
        color: COLORS.muted,
        maxWidth: INNER_WIDTH - 240,
      }),
    ),
    text(
      clipText(model.title, TITLE_MAX_CHARS),
      {
        width: INNER_WIDTH,
        fontSize: model.kind === 'topic' ? 50 : 46,
        fontWeight: 800,
        lineHeight: 1.15,
        marginTop: 20,
        marginBottom: 20,
        color: COLORS.text,
      },
      model.kind === 'topic' ? 2 : 1,
    ),
    node({ flexDirection: 'column', width: INNER_WIDTH }, ...rows),
  );
}
