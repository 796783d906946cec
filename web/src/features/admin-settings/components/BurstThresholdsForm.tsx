import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingsData, SettingsDto } from '../../../../../common/api/settings.js';
import { errorMessage } from '../../../shared/api/index.js';
import { Alert } from '../../../shared/ui/Alert.js';
import { Button } from '../../../shared/ui/Button.js';
import { TextField } from '../../../shared/ui/Field.js';
import { StatusMessage } from '../../../shared/ui/StatusMessage.js';
import { useUpdateSettings } from '../api/settings.js';

type Threshold = 'burstBallots' | 'burstMinutes' | 'burstAccountHours';

/** Each threshold and the bounds the server accepts (common/api/settings.ts). */
const THRESHOLDS: readonly { key: Threshold; min: number; max: number }[] = [
  { key: 'burstBallots', min: 3, max: 10_000 },
  { key: 'burstMinutes', min: 1, max: 24 * 60 },
  { key: 'burstAccountHours', min: 1, max: 24 * 30 },
];

const thresholdsOf = (settings: SettingsDto): Record<Threshold, string> => ({
  burstBallots: String(settings.burstBallots),
  burstMinutes: String(settings.burstMinutes),
  burstAccountHours: String(settings.burstAccountHours),
});

/**
 * What the burst detector calls a burst (issue 36): so many ballots for one proposition within so many
 * minutes, from one network or from accounts created within so many hours of each other. Its own form,
 * saved on its own: the proposal policy above keeps its value.
 */
export function BurstThresholdsForm({ saved }: { saved: SettingsData }) {
  const { t } = useTranslation();
  const update = useUpdateSettings();
  const [values, setValues] = useState(() => thresholdsOf(saved.settings));
  const [status, setStatus] = useState<string | null>(null);
  const invalid = (key: Threshold) => {
    const bounds = THRESHOLDS.find((threshold) => threshold.key === key);
    const value = Number(values[key]);
    return !bounds || !Number.isInteger(value) || value < bounds.min || value > bounds.max;
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    if (THRESHOLDS.some(({ key }) => invalid(key))) return;
    update.mutate(
      {
        burstBallots: Number(values.burstBallots),
        burstMinutes: Number(values.burstMinutes),
        burstAccountHours: Number(values.burstAccountHours),
      },
      { onSuccess: () => setStatus(t('adminSettings.bursts.saved')) },
    );
  };

  return (
    <form className="card settings-form" onSubmit={save} noValidate>
      <fieldset className="settings-form__group">
        <legend className="settings-form__legend">{t('adminSettings.bursts.legend')}</legend>
        <p className="settings-form__intro">{t('adminSettings.bursts.intro')}</p>
        {THRESHOLDS.map(({ key, min, max }) => (
          <TextField
            key={key}
            label={t(`adminSettings.bursts.${key}`)}
            hint={t(`adminSettings.bursts.${key}.hint`, { min, max })}
            name={key}
            type="number"
            inputMode="numeric"
            min={min}
            max={max}
            step={1}
            required
            value={values[key]}
            error={invalid(key) ? t('adminSettings.bursts.range', { min, max }) : undefined}
            onChange={(event) => {
              setValues({ ...values, [key]: event.target.value });
              setStatus(null);
            }}
          />
        ))}
      </fieldset>
      {update.isError && (
        <Alert tone="error" onDismiss={() => update.reset()}>
          {errorMessage(t, update.error, 'adminSettings.error.save')}
        </Alert>
      )}
      <StatusMessage message={status} />
      <div className="settings-form__actions">
        {/* Its own words: the page has two forms, and two buttons both called "Save" would not say which. */}
        <Button type="submit" variant="primary" disabled={update.isPending} aria-busy={update.isPending}>
          {t('adminSettings.bursts.save')}
        </Button>
      </div>
    </form>
  );
}
