import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../../common/constants.js';
import { takeBootCatalog } from './boot-catalog.js';
import { fetchUiCatalog } from './catalog-api.js';
import { BootFailure, BootLoader } from './components/BootScreens.js';
import { detectInitialLanguage, rememberLanguage } from './detect.js';
import { i18n } from './i18n.js';
import { LanguageContext, type LanguageNotice } from './language-context.js';

type BootState = 'loading' | 'ready' | 'failed';

async function activate(language: Language): Promise<void> {
  const translations = takeBootCatalog(language) ?? (await fetchUiCatalog(language));
  i18n.addResourceBundle(language, 'translation', translations, true, true);
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
}

/**
 * Loads the first catalog before rendering anything (no flash of raw keys), then owns the
 * current language. Errors use the spec's wording through `language.error.*` keys.
 */
export function LanguageProvider({ children }: { children: ReactNode }) {
  const [boot, setBoot] = useState<BootState>('loading');
  const [language, setLanguage] = useState<Language>(DEFAULT_LANGUAGE);
  const [notice, setNotice] = useState<LanguageNotice | null>(null);
  // Only the latest switch may win when the user clicks faster than the network answers.
  const latestRequest = useRef(0);

  const start = useCallback(async () => {
    setBoot('loading');
    const wanted = detectInitialLanguage();
    try {
      await activate(wanted);
      setLanguage(wanted);
      setBoot('ready');
      return;
    } catch {
      if (wanted === DEFAULT_LANGUAGE) {
        setBoot('failed');
        return;
      }
    }
    try {
      await activate(DEFAULT_LANGUAGE);
      setLanguage(DEFAULT_LANGUAGE);
      setNotice({ key: 'language.error.init' });
      setBoot('ready');
    } catch {
      setBoot('failed');
    }
  }, []);

  useEffect(() => {
    void start();
  }, [start]);

  const changeLanguage = useCallback(async (code: string) => {
    if (!isLanguage(code)) {
      setNotice({ key: 'language.error.unsupported', params: { code } });
      throw new Error(`Unsupported language: ${code}`);
    }
    const request = ++latestRequest.current;
    try {
      const translations = await fetchUiCatalog(code);
      if (request !== latestRequest.current) return;
      i18n.addResourceBundle(code, 'translation', translations, true, true);
      await i18n.changeLanguage(code);
      document.documentElement.lang = code;
      rememberLanguage(code);
      setLanguage(code);
      setNotice(null);
    } catch (error) {
      if (request === latestRequest.current) setNotice({ key: 'language.error.change' });
      throw error;
    }
  }, []);

  const value = useMemo(
    () => ({ language, changeLanguage, notice, dismissNotice: () => setNotice(null) }),
    [language, changeLanguage, notice],
  );

  if (boot === 'loading') return <BootLoader />;
  if (boot === 'failed') return <BootFailure onRetry={() => void start()} />;
  return (
    <I18nextProvider i18n={i18n}>
      <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>
    </I18nextProvider>
  );
}
