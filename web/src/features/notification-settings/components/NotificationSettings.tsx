import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  NOTIFICATION_DELIVERIES,
  NOTIFICATION_KINDS,
  type NotificationDelivery,
  type NotificationKind,
} from '../../../../../common/api/notifications.js';
import { errorMessage } from '../../../shared/api/index.js';
import { Alert } from '../../../shared/ui/Alert.js';
import { SelectField } from '../../../shared/ui/SelectField.js';
import { Spinner } from '../../../shared/ui/Spinner.js';
import { StatusMessage } from '../../../shared/ui/StatusMessage.js';
import { useNotificationSettings, useSetNotificationDelivery } from '../api/notification-settings.js';
import '../../../shared/ui/surfaces.css';

/**
 * The profile's "Notifications": for each kind I may receive, how I am told (in the app only, also by
 * e-mail at once, also in the daily digest), each saved as soon as it is chosen, with a status message.
 * The id is the target of the settings link every notification e-mail carries.
 */
export function NotificationSettings({ emailVerified }: { emailVerified: boolean }) {
  const { t } = useTranslation();
  const settings = useNotificationSettings();
  const save = useSetNotificationDelivery();
  const [message, setMessage] = useState<string | null>(null);
  const kinds = settings.isSuccess
    ? NOTIFICATION_KINDS.filter((kind) => settings.data.settings[kind] !== undefined)
    : [];

  const choose = (kind: NotificationKind, delivery: NotificationDelivery) => {
    setMessage(null);
    save.mutate(
      { kind, delivery },
      {
        onSuccess: () =>
          setMessage(
            t('notificationSettings.saved', {
              kind: t(`notificationSettings.kind.${kind}`),
              delivery: t(`notificationSettings.delivery.${delivery}`),
            }),
          ),
        onError: (error) => setMessage(errorMessage(t, error, 'notificationSettings.saveError')),
      },
    );
  };

  return (
    <section
      id="notification-settings"
      className="card profile-card notification-settings"
      aria-labelledby="notification-settings-title"
    >
      <h2 id="notification-settings-title" className="profile-card__title">
        {t('notificationSettings.title')}
      </h2>
      <p className="profile-muted">{t('notificationSettings.intro')}</p>
      {!emailVerified && <Alert tone="info">{t('notificationSettings.unconfirmed')}</Alert>}
      {settings.isPending && <Spinner />}
      {settings.isError && (
        <Alert tone="error">{errorMessage(t, settings.error, 'notificationSettings.error')}</Alert>
      )}
      {kinds.length > 0 && (
        <div className="notification-settings__kinds">
          {kinds.map((kind) => (
            <SelectField
              key={kind}
              label={t(`notificationSettings.kind.${kind}`)}
              value={
                save.isPending && save.variables.kind === kind
                  ? save.variables.delivery
                  : settings.data?.settings[kind]
              }
              disabled={save.isPending}
              onChange={(event) => choose(kind, event.target.value as NotificationDelivery)}
            >
              {NOTIFICATION_DELIVERIES.map((delivery) => (
                <option key={delivery} value={delivery}>
                  {t(`notificationSettings.delivery.${delivery}`)}
                </option>
              ))}
            </SelectField>
          ))}
        </div>
      )}
      <StatusMessage message={message} />
    </section>
  );
}
