/** The naming fields a topic may carry; the first non-blank one is shown. */
export interface TopicNaming {
  title?: string | null;
  name?: string | null;
  slug?: string | null;
}

export const UNTITLED_TOPIC = 'Sans titre';

const HYPHENS_AND_SPACES = /[\s-]+/g;
const WORD_START = /(^|\s)(\p{Ll})/gu;

/**
 * Card title of a topic: its title (else name, else slug) with hyphens turned to spaces and each
 * word's first letter capitalised; `untitled` when all are blank (pass the translated text).
 */
export function topicDisplayTitle(topic: TopicNaming, untitled: string = UNTITLED_TOPIC): string {
  const raw = firstNonBlank(topic.title, topic.name, topic.slug);
  if (raw === undefined) return untitled;
  return raw
    .replace(HYPHENS_AND_SPACES, ' ')
    .trim()
    .replace(WORD_START, (_match, before: string, letter: string) => before + letter.toUpperCase());
}

function firstNonBlank(...values: Array<string | null | undefined>): string | undefined {
  return values.find((value): value is string => typeof value === 'string' && value.trim() !== '');
}
