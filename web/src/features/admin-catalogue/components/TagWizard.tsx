import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminCategoryDto } from '../../../../../common/api/catalogue.js';
import { LANGUAGE_LABELS } from '../../../../../common/constants.js';
import { isApiError } from '../../../shared/api/index.js';
import { useTagTypeLabel } from '../../../shared/hooks/useTagTypeLabel.js';
import { useLanguage } from '../../i18n/index.js';
import { useCreateTag } from '../api/tags.js';
import { displayName, EMPTY_NAMES, NAME_LANGUAGES, NameFields, type Names, namesToInput } from './names.js';
import { CategorySelect, TypePicker } from './pickers.js';
import { useWizard, WizardDialog, WizardFooter } from './wizard.js';

const STEPS = 4;

/** SPEC "Tag wizard": category, type (built-in or custom), names, review; Next only when the step is valid. */
export function TagWizard({
  categories,
  knownTypes,
  onClose,
}: {
  categories: AdminCategoryDto[] | undefined;
  knownTypes: string[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const typeLabel = useTagTypeLabel();
  const create = useCreateTag();
  const wizard = useWizard(STEPS);
  const { step, setError } = wizard;
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [type, setType] = useState('');
  const [names, setNames] = useState<Names>(EMPTY_NAMES);

  const valid = [categoryId !== null, type.trim() !== '', names.en.trim() !== '', true][step - 1] ?? false;
  const category = categories?.find((c) => c.id === categoryId);

  const submit = async () => {
    if (categoryId === null || !names.en.trim()) {
      setError(t('adminCatalogue.tags.requiredFields'));
      return;
    }
    setError(null);
    try {
      await create.mutateAsync({ ...namesToInput(names, { keepEmpty: false }), type, categoryId });
      onClose();
    } catch (failure) {
      setError(
        t(
          isApiError(failure) && failure.status === 409
            ? 'adminCatalogue.tagWizard.exists'
            : 'adminCatalogue.tagWizard.failed',
        ),
      );
    }
  };

  return (
    <WizardDialog title={t('adminCatalogue.tagWizard.title')} wizard={wizard} onClose={onClose}>
      {step === 1 && (
        <fieldset className="catalogue-fieldset">
          <legend>{t('adminCatalogue.tagWizard.stepCategory')}</legend>
          <CategorySelect categories={categories} value={categoryId} onChange={setCategoryId} />
        </fieldset>
      )}
      {step === 2 && (
        <fieldset className="catalogue-fieldset">
          <legend>{t('adminCatalogue.tagWizard.stepType')}</legend>
          <TypePicker value={type} onChange={setType} knownTypes={knownTypes} />
        </fieldset>
      )}
      {step === 3 && (
        <fieldset className="catalogue-fieldset">
          <legend>{t('adminCatalogue.tagWizard.stepDetails')}</legend>
          <NameFields names={names} onChange={setNames} idPrefix="wizard-tag" />
        </fieldset>
      )}
      {step === 4 && (
        <div className="catalogue-fieldset">
          <h3 className="catalogue-wizard__heading">{t('adminCatalogue.tagWizard.stepReview')}</h3>
          <dl className="catalogue-summary">
            <dt>{t('adminCatalogue.tags.category')}</dt>
            <dd>{category ? displayName(category, language) : '—'}</dd>
            <dt>{t('adminCatalogue.tags.type')}</dt>
            <dd>{typeLabel(type.toUpperCase())}</dd>
            {NAME_LANGUAGES.filter((lang) => names[lang].trim()).map((lang) => (
              <div key={lang} className="catalogue-summary__pair">
                <dt>{LANGUAGE_LABELS[lang]}</dt>
                <dd lang={lang}>{names[lang]}</dd>
              </div>
            ))}
          </dl>
        </div>
      )}
      <WizardFooter
        wizard={wizard}
        valid={valid}
        busy={create.isPending}
        finishLabel={t(
          create.isPending ? 'adminCatalogue.tagWizard.creating' : 'adminCatalogue.tagWizard.create',
        )}
        onFinish={submit}
      />
    </WizardDialog>
  );
}
