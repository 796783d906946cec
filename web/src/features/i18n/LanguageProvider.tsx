import type { i18n as I18n } from 'i18next';
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

export interface LanguageProviderProps {
  children: ReactNode;
  /**
   * A page rendered on the server: the language it was rendered in, whose catalog is already in
   * `instance`. The provider starts ready in it (the first render matches the server's HTML), then
   * switches after hydration if the person's stored choice differs.
   */
  initialLanguage?: Language;
  /** The server render's own i18next instance; the browser's singleton otherwise. */
  instance?: I18n;
}

/**
 * Loads the first catalog before rendering anything (no flash of raw keys), then owns the
 * current language. Errors use the spec's wording through `language.error.*` keys.
 */
export function LanguageProvider({ children, initialLanguage, instance = i18n }: LanguageProviderProps) {
  const [boot, setBoot] = useState<BootState>(initialLanguage ? 'ready' : 'loading');
  const [language, setLanguage] = useState<Language>(initialLanguage ?? DEFAULT_LANGUAGE);
  const [notice, setNotice] = useState<LanguageNotice | null>(null);
  // Only the latest switch may win when the user clicks faster than the network answers.
  const latestRequest = useRef(0);
  const rendered = useRef(initialLanguage);

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

  /** Loads `code`'s catalog and switches to it; `remember` stores it as the person's choice. */
  const switchTo = useCallback(
    async (code: string, remember: boolean) => {
      if (!isLanguage(code)) {
        setNotice({ key: 'language.error.unsupported', params: { code } });
        throw new Error(`Unsupported language: ${code}`);
      }
      const request = ++latestRequest.current;
      try {
        const translations = await fetchUiCatalog(code);
        if (request !== latestRequest.current) return;
        instance.addResourceBundle(code, 'translation', translations, true, true);
        await instance.changeLanguage(code);
        document.documentElement.lang = code;
        if (remember) rememberLanguage(code);
        setLanguage(code);
        setNotice(null);
      } catch (error) {
        if (request === latestRequest.current) setNotice({ key: 'language.error.change' });
        throw error;
      }
    },
    [instance],
  );
  const changeLanguage = useCallback((code: string) => switchTo(code, true), [switchTo]);

  useEffect(() => {
    const served = rendered.current;
    if (!served) {
      void start();
      return;
    }
    // Server-rendered: the page came in its language; a stored choice the server could not see wins now.
    const wanted = detectInitialLanguage();
    if (wanted !== served) void switchTo(wanted, false).catch(() => undefined);
  }, [start, switchTo]);

  const value = useMemo(
    () => ({ language, changeLanguage, notice, dismissNotice: () => setNotice(null) }),
    [language, changeLanguage, notice],
  );

  if (boot === 'loading') return <BootLoader />;
  if (boot === 'failed') return <BootFailure onRetry={() => void start()} />;
  return (
    <I18nextProvider i18n={instance}>
      <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>
    </I18nextProvider>
  );
}
