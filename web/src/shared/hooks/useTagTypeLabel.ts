import { useTranslation } from 'react-i18next';

/**
 * The label of a tag type ("PRICE" -> "Prix") in the reader's language, the same on public pages and in
 * the back-office; a type without a label (one an administrator invented) shows as written.
 */
export function useTagTypeLabel() {
  const { t } = useTranslation();
  return (type: string) => t(`tagType.${type.toUpperCase()}`, { defaultValue: type });
}
