import { DEFAULT_LANGUAGE, type Language } from '../../../../common/constants.js';
import { apiRequest } from '../../shared/api/index.js';

/** GET /api/translations/ui/{lang}: the whole UI catalog, gaps filled from French by the server. */
export async function fetchUiCatalog(language: Language): Promise<Record<string, string>> {
  const data = await apiRequest<{ translations: Record<string, string> }>(`/translations/ui/${language}`, {
    query: { fallback: DEFAULT_LANGUAGE },
  });
  return data.translations;
}
