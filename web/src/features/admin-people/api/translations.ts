import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MissingTranslationsData,
  TranslationDto,
  TranslationEntityType,
  TranslationListData,
  UpsertTranslationData,
  UpsertTranslationInput,
} from '../../../../../common/api/translations.js';
import { DEFAULT_LANGUAGE, type Language } from '../../../../../common/constants.js';
import { apiRequest } from '../../../shared/api/index.js';
import { useLanguage } from '../../i18n/index.js';
import { adminPeopleKeys } from './keys.js';

export const TRANSLATIONS_PAGE_SIZE = 200;

export interface TranslationFilters {
  language: Language;
  entityType: TranslationEntityType | 'all';
  q: string;
  offset: number;
}

export function useAdminTranslations(filters: TranslationFilters, limit = TRANSLATIONS_PAGE_SIZE) {
  return useQuery({
    queryKey: adminPeopleKeys.translationList({ ...filters, limit }),
    queryFn: ({ signal }) =>
      apiRequest<TranslationListData>('/admin/translations', {
        query: { ...filters, q: filters.q || undefined, limit },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useMissingTranslations(language: Language) {
  return useQuery({
    queryKey: adminPeopleKeys.missing(language),
    queryFn: ({ signal }) =>
      apiRequest<MissingTranslationsData>('/admin/translations/missing', { query: { language }, signal }),
    enabled: language !== DEFAULT_LANGUAGE,
  });
}

/**
 * After a write, the list refetches and, when a UI text of the language on screen changed, the
 * interface reloads its catalog so the administrator sees the new wording at once.
 */
function useAfterTranslationWrite() {
  const queryClient = useQueryClient();
  const { language, changeLanguage } = useLanguage();
  return async (record: Pick<TranslationDto, 'entityType' | 'language'>) => {
    await queryClient.invalidateQueries({ queryKey: adminPeopleKeys.translations });
    if (record.entityType === 'ui' && record.language === language)
      await changeLanguage(language).catch(() => undefined);
  };
}

export function useSaveTranslation() {
  const afterWrite = useAfterTranslationWrite();
  return useMutation({
    mutationFn: (input: UpsertTranslationInput) =>
      apiRequest<UpsertTranslationData>('/translations', { method: 'POST', body: input }),
    onSuccess: (data) => afterWrite(data.translation),
  });
}

export function useDeleteTranslation() {
  const afterWrite = useAfterTranslationWrite();
  return useMutation({
    mutationFn: (record: TranslationDto) =>
      apiRequest<{ translation: TranslationDto }>(
        `/translations/${record.entityType}/${record.entityId ?? 'null'}/${encodeURIComponent(record.key)}/${record.language}`,
        { method: 'DELETE' },
      ),
    onSuccess: (_data, record) => afterWrite(record),
  });
}
