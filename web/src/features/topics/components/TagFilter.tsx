import { useTranslation } from 'react-i18next';
import type { TagGroupDto } from '../../../../../common/api/topics.js';
import './tag-filter.css';
import { useTagTypeLabel } from '../../../shared/hooks/useTagTypeLabel.js';
import { Chip, type SubmittedField } from '../../../shared/ui/Chip.js';

/** A form field a chip submits: its name, and the value a selection of tags takes in it. */
export interface TagSelectionField {
  name: string;
  value: (tags: readonly string[]) => string;
}

/** The field a button leading to `tags` submits: none for no tag, so that the address keeps no empty one. */
const submitted = (field: TagSelectionField, tags: readonly string[]): SubmittedField | null =>
  tags.length > 0 ? { name: field.name, value: field.value(tags) } : null;

/**
 * Toggle chips grouped by tag type; a sub-topic must carry every pressed tag. Each chip and "clear" hand
 * `onChange` the selection they lead to. Inside a GET form, given a `field`, they also submit it, so the
 * filter works without JavaScript too.
 */
export function TagFilter({
  groups,
  selected,
  onChange,
  field,
}: {
  groups: readonly TagGroupDto[];
  selected: readonly string[];
  onChange: (tags: string[]) => void;
  field?: TagSelectionField;
}) {
  const { t } = useTranslation();
  const typeLabel = useTagTypeLabel();
  return (
    <div className="tag-filter">
      {groups.map((group) => {
        const label = typeLabel(group.type);
        return (
          <fieldset key={group.type} className="tag-filter__group">
            <legend className="tag-filter__legend">{label}</legend>
            <div className="tag-filter__chips">
              {group.tags.map((tag) => {
                const pressed = selected.includes(tag.slug);
                const next = pressed ? selected.filter((slug) => slug !== tag.slug) : [...selected, tag.slug];
                return (
                  <Chip
                    key={tag.id}
                    pressed={pressed}
                    onClick={() => onChange(next)}
                    submits={field && submitted(field, next)}
                  >
                    {tag.name}
                    <span className="tag-chip__count">{tag.topicCount}</span>
                  </Chip>
                );
              })}
            </div>
          </fieldset>
        );
      })}
      {selected.length > 0 && (
        <button
          type={field ? 'submit' : 'button'}
          className="link-button tag-filter__clear"
          onClick={() => onChange([])}
        >
          {t('topic.filter.clear')}
        </button>
      )}
    </div>
  );
}
