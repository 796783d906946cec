import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Numbers as a language writes them: "1 234" and "85 %" in French (non-breaking spaces), "1,234" and
 * "85%" in English. Percentages are given as 0-100.
 */
export function numberFormats(language: string) {
  const number = new Intl.NumberFormat(language);
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 });
  return {
    number: (value: number) => number.format(value),
    percent: (value: number) => percent.format(value / 100),
  };
}

/** `numberFormats` in the reader's language. */
export function useNumberFormat() {
  const { i18n } = useTranslation();
  return useMemo(() => numberFormats(i18n.language), [i18n.language]);
}
