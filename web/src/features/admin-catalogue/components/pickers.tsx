import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminCategoryDto } from '../../../../../common/api/catalogue.js';
import { TAG_TYPES } from '../../../../../common/constants.js';
import { useTagTypeLabel } from '../../../shared/hooks/useTagTypeLabel.js';
import { TextField } from '../../../shared/ui/Field.js';
import { SelectField } from '../../../shared/ui/SelectField.js';
import { useLanguage } from '../../i18n/index.js';
import { displayName } from './names.js';

/** SPEC 8: when the category list cannot be loaded, the dropdowns still show the five built-in names. */
const FALLBACK_CATEGORIES = ['food', 'technology', 'travel', 'entertainment', 'sports'];

/** A labelled native select of categories; `allowNone` adds "No category" (tag row edit). */
export function CategorySelect({
  categories,
  value,
  onChange,
  allowNone = false,
  label,
  compact = false,
}: {
  categories: AdminCategoryDto[] | undefined;
  value: number | null;
  onChange: (id: number | null) => void;
  allowNone?: boolean;
  label?: string;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  return (
    <SelectField
      label={label ?? t('adminCatalogue.tags.category')}
      fieldClassName={compact ? 'field--compact' : undefined}
      value={value === null ? '' : String(value)}
      onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}
    >
      <option value="">
        {allowNone ? t('adminCatalogue.tags.noCategory') : t('adminCatalogue.tags.chooseCategory')}
      </option>
      {categories
        ? categories.map((category) => (
            <option key={category.id} value={category.id}>
              {displayName(category, language)}
            </option>
          ))
        : FALLBACK_CATEGORIES.map((name) => (
            <option key={name} value="" disabled>
              {name}
            </option>
          ))}
    </SelectField>
  );
}

const CUSTOM = '__custom__';

/** The nine built-in types, the custom ones already in use, and "Custom type…" with a text field. */
export function TypePicker({
  value,
  onChange,
  knownTypes,
  compact = false,
}: {
  value: string;
  onChange: (type: string) => void;
  knownTypes: readonly string[];
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const typeLabel = useTagTypeLabel();
  const options = [...new Set([...TAG_TYPES, ...knownTypes])];
  const [custom, setCustom] = useState(value !== '' && !options.includes(value));
  return (
    <div className="catalogue-type-picker">
      <SelectField
        label={t('adminCatalogue.tags.type')}
        fieldClassName={compact ? 'field--compact' : undefined}
        value={custom ? CUSTOM : value}
        onChange={(event) => {
          const next = event.target.value;
          setCustom(next === CUSTOM);
          onChange(next === CUSTOM ? '' : next);
        }}
      >
        <option value="">{t('adminCatalogue.tags.chooseType')}</option>
        {options.map((type) => (
          <option key={type} value={type}>
            {typeLabel(type)}
          </option>
        ))}
        <option value={CUSTOM}>{t('adminCatalogue.tags.customType')}</option>
      </SelectField>
      {custom && (
        <TextField
          label={t('adminCatalogue.tags.customTypeName')}
          name="custom-type"
          value={value}
          maxLength={40}
          onChange={(event) => onChange(event.target.value.toUpperCase())}
        />
      )}
    </div>
  );
}
