/**
 * The writing systems of a name's letters, for refusing names that mix them ("pаypal" with a Cyrillic а).
 * Digits, "_", "." and "-" belong to every script; combining marks follow the letter they sit on.
 * Following UTS #39's "highly restrictive" level, Han may be mixed with Hiragana and Katakana (Japanese),
 * Bopomofo (Chinese) or Hangul (Korean), and each of those with Latin.
 */
const SCRIPTS = [
  'Latin',
  'Greek',
  'Cyrillic',
  'Armenian',
  'Hebrew',
  'Arabic',
  'Devanagari',
  'Bengali',
  'Thai',
  'Georgian',
  'Hangul',
  'Hiragana',
  'Katakana',
  'Bopomofo',
  'Han',
  'Ethiopic',
  'Tamil',
] as const;
const PATTERNS = SCRIPTS.map((script) => [script, new RegExp(`^\\p{Script=${script}}$`, 'u')] as const);

const ALLOWED_MIXES: ReadonlySet<string>[] = [
  new Set(['Latin', 'Han', 'Hiragana', 'Katakana']),
  new Set(['Latin', 'Han', 'Bopomofo']),
  new Set(['Latin', 'Han', 'Hangul']),
];

function scriptOf(letter: string): string {
  for (const [script, pattern] of PATTERNS) if (pattern.test(letter)) return script;
  return `other:${letter}`;
}

/** The scripts of the letters of `text`. */
export function scriptsOf(text: string): Set<string> {
  const scripts = new Set<string>();
  for (const char of text) if (/\p{L}/u.test(char)) scripts.add(scriptOf(char));
  return scripts;
}

/** Whether `text` writes its letters in one script, or in one of the mixes a language needs. */
export function isSingleScript(text: string): boolean {
  const scripts = scriptsOf(text);
  if (scripts.size <= 1) return true;
  return ALLOWED_MIXES.some((allowed) => [...scripts].every((script) => allowed.has(script)));
}
