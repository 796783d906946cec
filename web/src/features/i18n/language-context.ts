import { createContext, useContext } from 'react';
import type { Language } from '../../../../common/constants.js';

/** A problem to show the user, kept as a key so it follows later language switches. */
export interface LanguageNotice {
  key: string;
  params?: Record<string, string>;
}

export interface LanguageContextValue {
  language: Language;
  /** Loads the catalog, then switches; rejects with 'Unsupported language: xx' for unknown codes. */
  changeLanguage: (code: string) => Promise<void>;
  notice: LanguageNotice | null;
  dismissNotice: () => void;
}

export const LanguageContext = createContext<LanguageContextValue | null>(null);

export function useLanguage(): LanguageContextValue {
  const value = useContext(LanguageContext);
  if (!value) throw new Error('useLanguage must be used inside LanguageProvider');
  return value;
}
