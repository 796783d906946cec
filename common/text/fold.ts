const COMBINING_MARKS = /\p{M}+/gu;
const SEPARATORS = /[^\p{L}\p{N}]+/gu;
const NOT_PRINTABLE_ASCII = /[^ -~]/;
const LETTERS_WITHOUT_DECOMPOSITION = /[ßœæøłđħıþð]/g;
const LETTER_REPLACEMENTS: Readonly<Record<string, string>> = {
  ß: 'ss',
  œ: 'oe',
  æ: 'ae',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ħ: 'h',
  ı: 'i',
  þ: 'th',
  ð: 'd',
};

/** Lower-cases, removes accents and turns every run of non-letters/digits into one space (trimmed). */
export function foldText(text: string): string {
  const lower = text.toLowerCase();
  if (!NOT_PRINTABLE_ASCII.test(lower)) return lower.replace(SEPARATORS, ' ').trim();
  // NFKD splits "é" into "e" + a combining accent and "ﬁ" into "fi"; letters such as ß or œ do not
  // decompose and are spelled out instead.
  return lower
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .replace(LETTERS_WITHOUT_DECOMPOSITION, (letter) => LETTER_REPLACEMENTS[letter] ?? letter)
    .replace(SEPARATORS, ' ')
    .trim();
}
