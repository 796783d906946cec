/** The naming fields a topic may carry; the first non-blank one is shown. */
export interface TopicNaming {
  title?: string | null;
  name?: string | null;
  slug?: string | null;
}

export const UNTITLED_TOPIC = 'Sans titre';

const HYPHENS = /-+/g;
const WORD_START = /(^|\s)(\p{Ll})/gu;
/** Lower-case words joined by hyphens and nothing else: a slug, not a title someone wrote. */
const SLUG_SHAPE = /^[\p{Ll}\p{N}]+(?:-[\p{Ll}\p{N}]+)+$/u;

/**
 * Card and page title of a topic: its title (else name, else slug). A real title is shown as its author
 * wrote it ("Meilleure glace artisanale de Paris"), everywhere. Only a title derived from a slug
 * (`best-pizza-in-paris`, or the slug itself when title and name are blank) gets SPEC section 2's rule,
 * hyphens to spaces and each word capitalised (deliberately unlike SPEC section 2, which capitalises every
 * title: see DESIGN.md). `untitled` when all are blank (pass the translated text).
 */
export function topicDisplayTitle(topic: TopicNaming, untitled: string = UNTITLED_TOPIC): string {
  const raw = firstNonBlank(topic.title, topic.name, topic.slug)?.trim();
  if (raw === undefined) return untitled;
  if (!SLUG_SHAPE.test(raw)) return raw;
  return raw
    .replace(HYPHENS, ' ')
    .replace(WORD_START, (_match, before: string, letter: string) => before + letter.toUpperCase());
}

function firstNonBlank(...values: Array<string | null | undefined>): string | undefined {
  return values.find((value): value is string => typeof value === 'string' && value.trim() !== '');
}
