import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { NameTranslationDto } from '../../../../../common/api/catalogue.js';
import {
  BASE_NAME_LANGUAGE,
  LANGUAGE_LABELS,
  type Language,
  OTHER_LANGUAGES,
  type OtherLanguage,
} from '../../../../../common/languages.js';
import { TextField } from '../../../shared/ui/Field.js';

/** The names of a category or tag, one per language: English (the base, required) and the others (optional). */
export type Names = Record<Language, string>;

/** The base language's field first, then the others in the language menu's order. */
export const NAME_LANGUAGES: readonly Language[] = [BASE_NAME_LANGUAGE, ...OTHER_LANGUAGES];
export const EMPTY_NAMES = Object.fromEntries(NAME_LANGUAGES.map((language) => [language, ''])) as Names;

export function namesOf(entity: { name: string; translations: NameTranslationDto[] }): Names {
  const names = { ...EMPTY_NAMES, [BASE_NAME_LANGUAGE]: entity.name };
  for (const translation of entity.translations)
    if (translation.language !== BASE_NAME_LANGUAGE) names[translation.language] = translation.name;
  return names;
}

/** The request's shape: `name` is English; an emptied language is sent as null so the server removes it. */
export function namesToInput(names: Names, { keepEmpty }: { keepEmpty: boolean }) {
  const translations: Partial<Record<OtherLanguage, string | null>> = {};
  for (const language of OTHER_LANGUAGES) {
    const value = names[language].trim();
    if (value) translations[language] = value;
    else if (keepEmpty) translations[language] = null;
  }
  return { name: names[BASE_NAME_LANGUAGE].trim(), translations };
}

/** The name in the reader's language, else English. */
export function displayName(
  entity: { name: string; translations: NameTranslationDto[] },
  language: Language,
) {
  return entity.translations.find((translation) => translation.language === language)?.name || entity.name;
}

/** One labelled input per language; used by every add form, wizard step and inline row edit of the catalogue. */
export function NameFields({
  names,
  onChange,
  idPrefix,
  compact = false,
}: {
  names: Names;
  onChange: (names: Names) => void;
  idPrefix?: string;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className={compact ? 'catalogue-names catalogue-names--compact' : 'catalogue-names'}>
      {NAME_LANGUAGES.map((language, index) => (
        <TextField
          key={language}
          name={`${idPrefix ?? id}-name-${language}`}
          label={
            language === BASE_NAME_LANGUAGE
              ? t('adminCatalogue.names.englishRequired')
              : t('adminCatalogue.names.inLanguage', { language: LANGUAGE_LABELS[language] })
          }
          lang={language}
          value={names[language]}
          required={language === BASE_NAME_LANGUAGE}
          data-autofocus={index === 0 ? true : undefined}
          onChange={(event) => onChange({ ...names, [language]: event.target.value })}
        />
      ))}
    </div>
  );
}
