import type { TFunction } from 'i18next';
import type { ConfirmRequest } from '../../../shared/ui/ConfirmDialog.js';

/** The confirmation that activates or deactivates a topic, from its list row or its own page. */
export function topicStatusRequest(
  t: TFunction,
  topic: { id: number; title: string; isActive: boolean },
  setActive: (change: { key: number; isActive: boolean }) => Promise<unknown>,
): ConfirmRequest {
  const action = topic.isActive ? 'adminCatalogue.topics.deactivate' : 'adminCatalogue.topics.activate';
  return {
    title: t(action),
    message: <p>{t(`${action}Confirm`, { title: topic.title })}</p>,
    confirmLabel: t(action),
    errorKey: `${action}Failed`,
    onConfirm: () => setActive({ key: topic.id, isActive: !topic.isActive }),
  };
}
