import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PROPOSAL_POLICIES,
  type ProposalPolicy,
  type SettingsData,
} from '../../../../../common/api/settings.js';
import { errorMessage } from '../../../shared/api/index.js';
import { formatDateTime } from '../../../shared/format/date-time.js';
import { Alert } from '../../../shared/ui/Alert.js';
import { Button } from '../../../shared/ui/Button.js';
import { LoadState } from '../../../shared/ui/LoadState.js';
import { RadioGroupField } from '../../../shared/ui/RadioGroupField.js';
import { StatusMessage } from '../../../shared/ui/StatusMessage.js';
import { useSettings, useUpdateSettings } from '../api/settings.js';
import { BurstThresholdsForm } from './BurstThresholdsForm.js';
import '../../../shared/ui/surfaces.css';

/**
 * /admin/settings: what administrators decide for the whole site (issue 34: the proposal policy; issue 36:
 * what makes a burst).
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
          <ProposalPolicyForm saved={settings.data} />
          <BurstThresholdsForm saved={settings.data} />
        </>
      )}
    </div>
  );
}

function ProposalPolicyForm({ saved }: { saved: SettingsData }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateSettings();
  const [policy, setPolicy] = useState<ProposalPolicy>(saved.settings.proposalPolicy);
  const [status, setStatus] = useState<string | null>(null);

  const save = (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    update.mutate(
      { proposalPolicy: policy },
      { onSuccess: () => setStatus(t(`adminSettings.saved.${policy}`)) },
    );
  };

  return (
    <form className="card settings-form" onSubmit={save}>
      <RadioGroupField
        legend={t('adminSettings.proposalPolicy.legend')}
        name="proposal-policy"
        value={policy}
        onChange={(value) => {
          setPolicy(value);
          setStatus(null);
        }}
        choices={PROPOSAL_POLICIES.map((value) => ({
          value,
          label: t(`proposalPolicy.${value}`),
          hint: t(`proposalPolicy.${value}.hint`),
        }))}
      />
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
      {update.isError && (
        <Alert tone="error" onDismiss={() => update.reset()}>
          {errorMessage(t, update.error, 'adminSettings.error.save')}
        </Alert>
      )}
      <StatusMessage message={status} />
      <div className="settings-form__actions">
        <Button type="submit" variant="primary" disabled={update.isPending} aria-busy={update.isPending}>
          {t('action.save')}
        </Button>
      </div>
    </form>
  );
}
