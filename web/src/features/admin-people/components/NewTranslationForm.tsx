import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  TRANSLATION_ENTITY_TYPES,
  type TranslationEntityType,
} from '../../../../../common/api/translations.js';
import { LANGUAGE_LABELS, type Language } from '../../../../../common/constants.js';
import { errorMessage } from '../../../shared/api/index.js';
import { Alert } from '../../../shared/ui/Alert.js';
import { Button } from '../../../shared/ui/Button.js';
import { TextField } from '../../../shared/ui/Field.js';
import { SelectField } from '../../../shared/ui/SelectField.js';
import { TextAreaField } from '../../../shared/ui/TextAreaField.js';
import { useSaveTranslation } from '../api/translations.js';

/** The new-translation form: type, (entity id), key, value, in the language the screen shows. */
export function NewTranslationForm({
  language,
  onDone,
}: {
  language: Language;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation();
  const save = useSaveTranslation();
  const [entityType, setEntityType] = useState<TranslationEntityType>('ui');
  const [entityId, setEntityId] = useState('');
  const [key, setKey] = useState('');
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!key.trim() || !value.trim()) {
      setProblem(t('adminPeople.translations.error.required'));
      return;
    }
    const id = Number(entityId);
    if (entityType !== 'ui' && !(Number.isInteger(id) && id > 0)) {
      setProblem(t('adminPeople.translations.error.entityId'));
      return;
    }
    setProblem('');
    save.mutate(
      {
        entityType,
        entityId: entityType === 'ui' ? null : id,
        key: key.trim(),
        language,
        value: value.trim(),
      },
      { onSuccess: () => onDone(t('adminPeople.translations.saved', { key: key.trim() })) },
    );
  };

  const error =
    problem || (save.isError ? errorMessage(t, save.error, 'adminPeople.translations.error.create') : '');
  return (
    <form
      className="admin-card admin-form"
      onSubmit={submit}
      noValidate
      aria-labelledby="new-translation-title"
    >
      <h2 id="new-translation-title" className="admin-card__title">
        {t('adminPeople.translations.newTitle', { language: LANGUAGE_LABELS[language] })}
      </h2>
      {error && <Alert tone="error">{error}</Alert>}
      <div className="admin-form__grid">
        <SelectField
          label={t('adminPeople.translations.col.type')}
          value={entityType}
          onChange={(event) => setEntityType(event.target.value as TranslationEntityType)}
        >
          {TRANSLATION_ENTITY_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`adminPeople.translations.type.${type}`)}
            </option>
          ))}
        </SelectField>
        {entityType !== 'ui' && (
          <TextField
            label={t('adminPeople.translations.entityId')}
            name="entityId"
            inputMode="numeric"
            value={entityId}
            onChange={(event) => setEntityId(event.target.value)}
          />
        )}
        <TextField
          label={t('adminPeople.translations.col.key')}
          name="key"
          value={key}
          onChange={(event) => setKey(event.target.value)}
          hint={
            entityType === 'ui'
              ? t('adminPeople.translations.keyHintUi')
              : t('adminPeople.translations.keyHintEntity')
          }
        />
        <TextAreaField
          label={t('adminPeople.translations.col.value')}
          fieldClassName="admin-form__wide"
          name="value"
          rows={3}
          maxLength={5000}
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
      </div>
      <div className="admin-form__actions">
        <Button type="submit" variant="primary" disabled={save.isPending}>
          {t('action.save')}
        </Button>
        <Button onClick={() => onDone('')}>{t('action.cancel')}</Button>
      </div>
    </form>
  );
}
