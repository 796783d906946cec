import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { planSubTopics, type WizardTag } from '../../../../../common/api/catalogue.js';
import { foldText } from '../../../../../common/text/index.js';
import { errorMessage, isApiError } from '../../../shared/api/index.js';
import { useTagTypeLabel } from '../../../shared/hooks/useTagTypeLabel.js';
import { Alert } from '../../../shared/ui/Alert.js';
import { Button } from '../../../shared/ui/Button.js';
import { TextField } from '../../../shared/ui/Field.js';
import { useLanguage } from '../../i18n/index.js';
import { useAdminCategories } from '../api/categories.js';
import { useAdminTags } from '../api/tags.js';
import { useRunTopicWizard } from '../api/topics.js';
import { displayName } from './names.js';
import { CategorySelect } from './pickers.js';
import { useWizard, WizardDialog, WizardFooter } from './wizard.js';

const STEPS = 4;
const PREVIEW = 3;

/**
 * SPEC "Topic creation wizard". The whole run is one server call (POST /admin/topics/wizard, one
 * transaction); the preview uses the same naming function as the server.
 */
export function TopicWizard({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const typeLabel = useTagTypeLabel();
  const categories = useAdminCategories();
  const tags = useAdminTags();
  const run = useRunTopicWizard();
  const wizard = useWizard(STEPS);
  const { step, setError } = wizard;
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [name, setName] = useState('');
  const [types, setTypes] = useState<string[]>([]);
  const [combinationList, setCombinationList] = useState<Array<{ key: number; types: string[] }>>([]);
  const combinations = combinationList.map((combination) => combination.types);
  const nextKey = useRef(0);
  const setCombinations = (next: string[][]) =>
    setCombinationList(
      next.map((types, index) => ({ key: combinationList[index]?.key ?? nextKey.current++, types })),
    );
  const [done, setDone] = useState<string | null>(null);

  // Tags of the category and the cross-cutting ones (no category), named in the UI language.
  const available: WizardTag[] = useMemo(
    () =>
      (tags.data?.tags ?? [])
        .filter((tag) => categoryId !== null && (tag.categoryId === categoryId || tag.categoryId === null))
        .map((tag) => ({ id: tag.id, slug: tag.slug, type: tag.type, label: displayName(tag, language) })),
    [tags.data, categoryId, language],
  );
  const typeCounts = useMemo(() => {
    const counts = new Map<string, number>();
    for (const tag of available) counts.set(tag.type, (counts.get(tag.type) ?? 0) + 1);
    return [...counts.entries()].sort(([a], [b]) => a.localeCompare(b));
  }, [available]);
  const usable = combinations
    .map((c) => c.filter((type) => types.includes(type)))
    .filter((c) => c.length > 0);
  const plan = planSubTopics(name, usable, available, foldText);

  const valid =
    [categoryId !== null, name.trim() !== '', types.length > 0, plan.length > 0][step - 1] ?? false;
  const toggle = (list: string[], value: string) =>
    list.includes(value) ? list.filter((v) => v !== value) : [...list, value];

  const submit = async () => {
    if (categoryId === null || !name.trim()) return setError(t('adminCatalogue.topicWizard.required'));
    if (plan.length === 0) return setError(t('adminCatalogue.topicWizard.needCombination'));
    setError(null);
    try {
      const result = await run.mutateAsync({
        categoryId,
        mainTopicName: name.trim(),
        language,
        types,
        combinations: usable,
      });
      setDone(
        t('adminCatalogue.topicWizard.done', {
          created: t('adminCatalogue.count.created', { count: result.created.length }),
          skipped: t('adminCatalogue.count.existing', { count: result.skipped.length }),
          main: result.mainTopic.title,
        }),
      );
    } catch (failure) {
      if (isApiError(failure) && failure.status === 409) setError(t('adminCatalogue.topicWizard.conflict'));
      else setError(errorMessage(t, failure, 'adminCatalogue.topicWizard.failed'));
    }
  };

  return (
    <WizardDialog title={t('adminCatalogue.topicWizard.title')} wizard={wizard} onClose={onClose}>
      {done ? (
        <>
          <Alert tone="success">{done}</Alert>
          <div className="catalogue-actions catalogue-actions--end">
            <Button variant="primary" onClick={onClose} data-autofocus>
              {t('action.close')}
            </Button>
          </div>
        </>
      ) : (
        <>
          {step === 1 && (
            <fieldset className="catalogue-fieldset">
              <legend>{t('adminCatalogue.topicWizard.stepCategory')}</legend>
              <CategorySelect
                categories={categories.data?.categories}
                value={categoryId}
                onChange={(id) => {
                  setCategoryId(id);
                  setTypes([]);
                  setCombinations([]);
                }}
              />
              {categories.isError && (
                <Alert tone="error">{t('adminCatalogue.topics.categoriesFailed')}</Alert>
              )}
            </fieldset>
          )}
          {step === 2 && (
            <fieldset className="catalogue-fieldset">
              <legend>{t('adminCatalogue.topicWizard.stepName')}</legend>
              <TextField
                label={t('adminCatalogue.topicWizard.mainName')}
                name="main-topic-name"
                value={name}
                required
                data-autofocus
                onChange={(event) => setName(event.target.value)}
              />
            </fieldset>
          )}
          {step === 3 && (
            <fieldset className="catalogue-fieldset">
              <legend>{t('adminCatalogue.topicWizard.stepTypes')}</legend>
              {typeCounts.length === 0 && (
                <p className="catalogue-muted">{t('adminCatalogue.topicWizard.noTypes')}</p>
              )}
              <div className="catalogue-checks">
                {typeCounts.map(([type, count]) => (
                  <label key={type} className="catalogue-check">
                    <input
                      type="checkbox"
                      checked={types.includes(type)}
                      onChange={() => setTypes(toggle(types, type))}
                    />
                    {typeLabel(type)}{' '}
                    <span className="catalogue-muted">
                      {t('adminCatalogue.topicWizard.tagCount', { count })}
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          {step === 4 && (
            <div className="catalogue-fieldset">
              <h3 className="catalogue-wizard__heading">
                {t('adminCatalogue.topicWizard.stepCombinations')}
              </h3>
              {combinationList.map(({ key, types: combination }, index) => (
                <fieldset key={key} className="catalogue-combination">
                  <legend>
                    {[name.trim(), ...combination.map(typeLabel)].join(' + ') ||
                      t('adminCatalogue.topicWizard.combination', { n: index + 1 })}
                  </legend>
                  <div className="catalogue-checks">
                    {types.map((type) => (
                      <label key={type} className="catalogue-check">
                        <input
                          type="checkbox"
                          checked={combination.includes(type)}
                          onChange={() =>
                            setCombinations(combinations.map((c, i) => (i === index ? toggle(c, type) : c)))
                          }
                        />
                        {typeLabel(type)}
                      </label>
                    ))}
                  </div>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setCombinationList(combinationList.filter((c) => c.key !== key))}
                  >
                    {t('adminCatalogue.topicWizard.removeCombination')}
                  </Button>
                </fieldset>
              ))}
              <Button size="sm" onClick={() => setCombinations([...combinations, [...types]])}>
                {t('adminCatalogue.topicWizard.addCombination')}
              </Button>
              {plan.length > 0 && (
                <div className="catalogue-preview" aria-live="polite">
                  <h4 className="catalogue-wizard__heading">{t('adminCatalogue.topicWizard.preview')}</h4>
                  <ul>
                    {plan.slice(0, PREVIEW).map((topic) => (
                      <li key={topic.title}>{topic.title}</li>
                    ))}
                  </ul>
                  {plan.length > PREVIEW && (
                    <p>{t('adminCatalogue.topicWizard.andMore', { count: plan.length - PREVIEW })}</p>
                  )}
                  <p className="catalogue-summary-line">
                    {t('adminCatalogue.topicWizard.summary', { subs: plan.length, total: plan.length + 1 })}
                  </p>
                </div>
              )}
            </div>
          )}
          <WizardFooter
            wizard={wizard}
            valid={valid}
            busy={run.isPending}
            beforeNext={() => {
              if (step === 3 && combinations.length === 0) setCombinations([[...types]]);
            }}
            finishLabel={t(
              run.isPending ? 'adminCatalogue.topicWizard.creating' : 'adminCatalogue.topicWizard.create',
            )}
            onFinish={submit}
          />
        </>
      )}
    </WizardDialog>
  );
}
