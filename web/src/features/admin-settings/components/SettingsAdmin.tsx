import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  COUNTING_SETTINGS,
  PROPOSAL_POLICIES,
  type ProposalPolicy,
  type SettingsData,
  type SettingsDto,
  settingsDto,
  type UpdateSettingsBody,
} from '../../../../../common/api/settings.js';
import { errorMessage } from '../../../shared/api/index.js';
import { formatDateTime } from '../../../shared/format/date-time.js';
import { type FieldRules, useForm, wholeNumberProblem } from '../../../shared/forms/index.js';
import { Alert } from '../../../shared/ui/Alert.js';
import { Button } from '../../../shared/ui/Button.js';
import { CheckboxField } from '../../../shared/ui/CheckboxField.js';
import { TextField } from '../../../shared/ui/Field.js';
import { LoadState } from '../../../shared/ui/LoadState.js';
import { RadioGroupField } from '../../../shared/ui/RadioGroupField.js';
import { StatusMessage } from '../../../shared/ui/StatusMessage.js';
import { useSettings, useUpdateSettings } from '../api/settings.js';
import { BurstThresholdsForm } from './BurstThresholdsForm.js';
import '../../../shared/ui/surfaces.css';

/** The settings as the form edits them: the age as typed, checked before it is sent. */
interface SettingsValues {
  proposalPolicy: ProposalPolicy;
  minAccountAgeDays: string;
  confirmedAccountsOnly: boolean;
}

/** The days the server accepts, as the contract bounds them (common/api/settings.ts sets both bounds). */
const AGE_DAYS = settingsDto.shape.minAccountAgeDays;
const MIN_AGE_DAYS = AGE_DAYS.minValue ?? 0;
const MAX_AGE_DAYS = AGE_DAYS.maxValue ?? 0;

const RULES: FieldRules<SettingsValues> = {
  minAccountAgeDays: (value) => wholeNumberProblem(value, MIN_AGE_DAYS, MAX_AGE_DAYS),
};

const valuesOf = (settings: SettingsDto): SettingsValues => ({
  proposalPolicy: settings.proposalPolicy,
  minAccountAgeDays: String(settings.minAccountAgeDays),
  confirmedAccountsOnly: settings.confirmedAccountsOnly,
});

/**
 * /admin/settings: what administrators decide for the whole site: how new propositions are published
 * (issue 34), whose ballots count and what makes a burst (issue 36).
 */
export function SettingsAdmin() {
  const { t } = useTranslation();
  const settings = useSettings();
  return (
    <div className="admin-screen settings-screen">
      {settings.isPending ? (
        <LoadState align="start" />
      ) : settings.isError ? (
        <LoadState
          align="start"
          error={errorMessage(t, settings.error, 'adminSettings.error.load')}
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <>
          <SettingsForm saved={settings.data} />
          <BurstThresholdsForm saved={settings.data} />
        </>
      )}
    </div>
  );
}

function SettingsForm({ saved }: { saved: SettingsData }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateSettings();
  const [status, setStatus] = useState<string | null>(null);
  const form = useForm({ initial: valuesOf(saved.settings), rules: RULES, onEdit: () => setStatus(null) });
  const { values } = form;

  const save = (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    if (!form.submit()) return;
    // Every setting of the form is sent: the server saves (and audits) only those that differ.
    const change = {
      proposalPolicy: values.proposalPolicy,
      minAccountAgeDays: Number(values.minAccountAgeDays.trim()),
      confirmedAccountsOnly: values.confirmedAccountsOnly,
    } satisfies UpdateSettingsBody;
    const recounts = COUNTING_SETTINGS.some((key) => change[key] !== saved.settings[key]);
    const policyMoved = change.proposalPolicy !== saved.settings.proposalPolicy;
    update.mutate(change, {
      onSuccess: (data) => {
        form.reset(valuesOf(data.settings));
        const said = [
          (policyMoved || !recounts) && t(`adminSettings.saved.${change.proposalPolicy}`),
          recounts && t('adminSettings.saved.counting'),
        ];
        setStatus(said.filter(Boolean).join(' '));
      },
      onError: (error) => form.refuse(error, errorMessage(t, error, 'adminSettings.error.save')),
    });
  };

  return (
    <form ref={form.ref} className="card settings-form" onSubmit={save} noValidate>
      <RadioGroupField
        legend={t('adminSettings.proposalPolicy.legend')}
        name="proposal-policy"
        value={values.proposalPolicy}
        onChange={(value) => form.set('proposalPolicy', value)}
        choices={PROPOSAL_POLICIES.map((value) => ({
          value,
          label: t(`proposalPolicy.${value}`),
          hint: t(`proposalPolicy.${value}.hint`),
        }))}
      />
      <fieldset className="field settings-form__group">
        <legend className="field__label">{t('adminSettings.whoCounts.legend')}</legend>
        <div className="settings-form__days">
          <TextField
            {...form.bind('minAccountAgeDays')}
            label={t('adminSettings.minAccountAgeDays.label')}
            hint={t('adminSettings.minAccountAgeDays.hint')}
            type="number"
            inputMode="numeric"
            min={MIN_AGE_DAYS}
            max={MAX_AGE_DAYS}
            step={1}
          />
        </div>
        {/* Unnamed: a refusal naming it (none the form can cause) is said above the form, not lost. */}
        <CheckboxField
          label={t('adminSettings.confirmedAccountsOnly.label')}
          hint={t('adminSettings.confirmedAccountsOnly.hint')}
          checked={values.confirmedAccountsOnly}
          onChange={(event) => form.set('confirmedAccountsOnly', event.target.checked)}
        />
      </fieldset>
      <p className="settings-form__saved">
        {saved.updatedAt === null
          ? t('adminSettings.neverSaved')
          : saved.updatedBy === null
            ? t('adminSettings.savedAt', { when: formatDateTime(saved.updatedAt, i18n.language) })
            : t('adminSettings.savedBy', {
                user: saved.updatedBy,
                when: formatDateTime(saved.updatedAt, i18n.language),
              })}
      </p>
      {form.refusal && <Alert tone="error">{form.refusal}</Alert>}
      <StatusMessage message={status} />
      <div className="settings-form__actions">
        <Button type="submit" variant="primary" disabled={update.isPending} aria-busy={update.isPending}>
          {t('action.save')}
        </Button>
      </div>
    </form>
  );
}
