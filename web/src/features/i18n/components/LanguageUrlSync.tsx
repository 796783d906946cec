import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LANGUAGE_PARAM } from '../detect.js';
import { useLanguage } from '../language-context.js';

/** Keeps `?lng=` in the address equal to the current language, on every page, without a history entry. */
export function LanguageUrlSync() {
  const { language } = useLanguage();
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (params.get(LANGUAGE_PARAM) === language) return;
    params.set(LANGUAGE_PARAM, language);
    void navigate(
      { pathname: location.pathname, search: `?${params}`, hash: location.hash },
      { replace: true, state: location.state, preventScrollReset: true },
    );
  }, [language, location, navigate]);

  return null;
}
