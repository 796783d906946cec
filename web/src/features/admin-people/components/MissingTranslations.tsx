import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MissingTranslationDto } from '../../../../../common/api/translations.js';
import { DEFAULT_LANGUAGE, LANGUAGE_LABELS, type Language } from '../../../../../common/constants.js';
import { errorMessage } from '../../../shared/api/index.js';
import { Alert } from '../../../shared/ui/Alert.js';
import { Button } from '../../../shared/ui/Button.js';
import { useMissingTranslations, useSaveTranslation } from '../api/translations.js';

/** The UI keys French has and `language` lacks, each with a field to fill it on the spot. */
export function MissingTranslations({
  language,
  onSaved,
}: {
  language: Language;
  onSaved: (key: string) => void;
}) {
  const { t } = useTranslation();
  const missing = useMissingTranslations(language);
  if (language === DEFAULT_LANGUAGE || !missing.isSuccess) return null;
  const count = missing.data.total;
  return (
    <details className="admin-card missing">
      <summary className="missing__summary">
        {t('adminPeople.translations.missing.summary', { count, language: LANGUAGE_LABELS[language] })}
      </summary>
      {count === 0 ? (
        <p>{t('adminPeople.translations.missing.none')}</p>
      ) : (
        <ul className="missing__list">
          {missing.data.missing.map((entry) => (
            <MissingRow key={entry.key} entry={entry} language={language} onSaved={onSaved} />
          ))}
        </ul>
      )}
    </details>
  );
}

function MissingRow({
  entry,
  language,
  onSaved,
}: {
  entry: MissingTranslationDto;
  language: Language;
  onSaved: (key: string) => void;
}) {
  const { t } = useTranslation();
  const save = useSaveTranslation();
  const [value, setValue] = useState('');
  return (
    <li className="missing__item">
      <form
        className="missing__form"
        onSubmit={(event) => {
          event.preventDefault();
          if (!value.trim()) return;
          save.mutate(
            { entityType: 'ui', entityId: null, key: entry.key, language, value: value.trim() },
            { onSuccess: () => onSaved(entry.key) },
          );
        }}
      >
        <label className="missing__label">
          <code className="missing__key">{entry.key}</code>
          <span className="missing__reference" lang="fr">
            {entry.reference}
          </span>
          <input
            className="field__input"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            aria-label={t('adminPeople.translations.valueOf', { key: entry.key })}
          />
        </label>
        <Button type="submit" size="sm" variant="primary" disabled={!value.trim() || save.isPending}>
          {t('adminPeople.translations.missing.fill')}
        </Button>
      </form>
      {save.isError && (
        <Alert tone="error">{errorMessage(t, save.error, 'adminPeople.translations.error.create')}</Alert>
      )}
    </li>
  );
}
