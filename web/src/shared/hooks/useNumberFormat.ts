import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../format/integer.js';

/**
 * Numbers as a language writes them: "1 234" and "85 %" in French (non-breaking spaces), "1,234" and
 * "85%" in English. Percentages are given as 0-100.
 */
export function numberFormats(language: string) {
  // Made when first needed: the first Intl.NumberFormat of a page loads the locale's data (a long task
  // on a phone, in the middle of hydration), and the whole counts most pages show do without it.
  let percent: Intl.NumberFormat | undefined;
  let decimal: Intl.NumberFormat | undefined;
  return {
    number: (value: number) => formatNumber(value, language),
    /** A figure with one decimal, always written ("2.0", "1,7"): the averages of a ranking. */
    decimal: (value: number) => {
      decimal ??= new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
      return decimal.format(value);
    },
    percent: (value: number) => {
      percent ??= new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 });
      return percent.format(value / 100);
    },
  };
}

/** `numberFormats` in the reader's language. */
export function useNumberFormat() {
  const { i18n } = useTranslation();
  return useMemo(() => numberFormats(i18n.language), [i18n.language]);
}
