import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { NameTranslationDto, OtherLanguage } from '../../../../../common/api/catalogue.js';
import { LANGUAGE_LABELS, type Language } from '../../../../../common/constants.js';
import { TextField } from '../../../shared/ui/Field.js';

/** The four names of a category or tag: English (the base, required) and fr, es, de (optional). */
export type Names = Record<Language, string>;

export const EMPTY_NAMES: Names = { en: '', fr: '', es: '', de: '' };
const ORDER: Language[] = ['en', 'fr', 'es', 'de'];
const OTHERS: OtherLanguage[] = ['fr', 'es', 'de'];

export function namesOf(entity: { name: string; translations: NameTranslationDto[] }): Names {
  const names = { ...EMPTY_NAMES, en: entity.name };
  for (const translation of entity.translations)
    if (translation.language !== 'en') names[translation.language] = translation.name;
  return names;
}

/** The request's shape: `name` is English; an emptied language is sent as null so the server removes it. */
export function namesToInput(names: Names, { keepEmpty }: { keepEmpty: boolean }) {
  const translations: Partial<Record<OtherLanguage, string | null>> = {};
  for (const language of OTHERS) {
    const value = names[language].trim();
    if (value) translations[language] = value;
    else if (keepEmpty) translations[language] = null;
  }
  return { name: names.en.trim(), translations };
}

/** The name in the reader's language, else English. */
export function displayName(
  entity: { name: string; translations: NameTranslationDto[] },
  language: Language,
) {
  return entity.translations.find((translation) => translation.language === language)?.name || entity.name;
}

/** Four labelled inputs; used by every add form, wizard step and inline row edit of the catalogue. */
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
      {ORDER.map((language, index) => (
        <TextField
          key={language}
          name={`${idPrefix ?? id}-name-${language}`}
          label={
            language === 'en'
              ? t('adminCatalogue.names.englishRequired')
              : t('adminCatalogue.names.inLanguage', { language: LANGUAGE_LABELS[language] })
          }
          lang={language}
          value={names[language]}
          required={language === 'en'}
          data-autofocus={index === 0 ? true : undefined}
          onChange={(event) => onChange({ ...names, [language]: event.target.value })}
        />
      ))}
    </div>
  );
}
