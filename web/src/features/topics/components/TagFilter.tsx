import { useTranslation } from 'react-i18next';
import type { TagGroupDto } from '../../../../../common/api/topics.js';
import './tag-filter.css';
import { useTagTypeLabel } from '../../../shared/hooks/useTagTypeLabel.js';
import { Chip } from '../../../shared/ui/Chip.js';

/**
 * Toggle chips grouped by tag type; a sub-topic must carry every pressed tag. Inside a GET form, each
 * chip and "clear" submit the selection they lead to as `field` (`?tags=a,b`), so the filter works
 * without JavaScript too.
 */
export function TagFilter({
  groups,
  selected,
  onToggle,
  onClear,
  field,
}: {
  groups: readonly TagGroupDto[];
  selected: readonly string[];
  onToggle: (slug: string) => void;
  onClear: () => void;
  field?: string;
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
                    onClick={() => onToggle(tag.slug)}
                    name={field}
                    value={next.join(',')}
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
          name={field}
          value=""
          className="link-button tag-filter__clear"
          onClick={onClear}
        >
          {t('topic.filter.clear')}
        </button>
      )}
    </div>
  );
}
