import { useTranslation } from 'react-i18next';
import type { RankingEntryDto } from '../../../../../common/api/topics.js';
import { MedalIcon } from '../../topics/index.js';
import { PLACE_INDEXES, placeOf, toggleMedal } from '../draft.js';
import { draftStore, useDraft } from '../draft-store.js';

/** The three medals of a ranking row while the vote form is open: set a place, or click again to clear it. */
export function MedalButtons({ topicId, entry }: { topicId: number; entry: RankingEntryDto }) {
  const { t } = useTranslation();
  const draft = useDraft(topicId);
  const held = placeOf(draft.places, entry.itemName);
  return (
    <fieldset className="medal-buttons">
      <legend className="visually-hidden">{t('vote.medal.group', { name: entry.itemName })}</legend>
      {PLACE_INDEXES.map((index) => (
        <button
          key={index}
          type="button"
          className={`medal-button${held === index ? ' medal-button--on' : ''}`}
          aria-pressed={held === index}
          onClick={() =>
            draftStore.set(topicId, (current) => ({
              ...current,
              places: toggleMedal(current.places, index, entry.itemName),
            }))
          }
        >
          {/* Named by a text, not aria-label: the medal's drawn digit is not a label to repeat (WCAG 2.5.3). */}
          <span className="visually-hidden">
            {t('vote.medal.set', { name: entry.itemName, place: t(`vote.place.${index + 1}`) })}
          </span>
          <MedalIcon place={(index + 1) as 1 | 2 | 3} size={24} />
        </button>
      ))}
    </fieldset>
  );
}

/** Render prop for RankingList's row actions: medals while my vote form is open, nothing otherwise. */
export function useMedalActions(topicId: number) {
  const { open } = useDraft(topicId);
  if (!open) return undefined;
  return (entry: RankingEntryDto) => <MedalButtons topicId={topicId} entry={entry} />;
}
