import { type FormEvent, type Ref, useEffect, useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS, MAX_SIMILAR_SUGGESTIONS, SIMILARITY_THRESHOLD } from '../../../../../common/constants.js';
import { suggestSimilar } from '../../../../../common/search/similarity.js';
import { propositionKey } from '../../../../../common/text/proposition-key.js';
import { useNumberFormat } from '../../../shared/hooks/useNumberFormat.js';
import { Badge } from '../../../shared/ui/Badge.js';
import { Button } from '../../../shared/ui/Button.js';
import { CloseIcon } from '../../../shared/ui/icons.js';
import { MedalIcon } from '../../topics/index.js';
import {
  entriesOf,
  existingMatch,
  PLACE_INDEXES,
  type PlaceIndex,
  type Places,
  pointsOf,
  typePlace,
} from '../draft.js';

export interface VoteFormProps {
  places: Places;
  existingNames: readonly string[];
  /** My proposals held for review: not in the public ranking, already in my ballot (issue 34). */
  awaitingNames?: readonly string[];
  saving: boolean;
  onChange: (places: Places) => void;
  onSubmit: () => void;
  onCancel: () => void;
  /** Put the keyboard in the 1st-place field as the form appears (it was opened by the person's action). */
  focusFirstPlace?: boolean;
}

/** Three places, each a free-text name with similar existing propositions suggested (SPEC 4 and 5). */
export function VoteForm({
  places,
  existingNames,
  awaitingNames = [],
  saving,
  onChange,
  onSubmit,
  onCancel,
  focusFirstPlace = false,
}: VoteFormProps) {
  const { t } = useTranslation();
  const introId = useId();
  const firstPlace = useRef<HTMLInputElement>(null);
  // Once, as the form mounts: typing right after "Start voting" lands in the 1st place.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the opening moves focus, never a later render
  useEffect(() => {
    if (focusFirstPlace) firstPlace.current?.focus();
  }, []);
  const notVoting = entriesOf(places).length === 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!saving) onSubmit();
  };
  return (
    <form className="vote-form" onSubmit={submit} aria-describedby={introId} noValidate>
      <p id={introId} className="vote-form__intro">
        {t('vote.form.intro')}
      </p>
      {PLACE_INDEXES.map((index) => (
        <PlaceField
          key={index}
          index={index}
          inputRef={index === 0 ? firstPlace : undefined}
          places={places}
          existingNames={existingNames}
          awaitingNames={awaitingNames}
          onChange={(value) => onChange(typePlace(places, index, value, existingNames))}
          onPick={(name) => onChange(typePlace(places, index, name, existingNames))}
        />
      ))}
      <div className="vote-form__actions">
        <Button
          type="submit"
          variant={notVoting ? 'secondary' : 'primary'}
          disabled={saving}
          aria-busy={saving}
        >
          {saving ? t('vote.form.saving') : t(notVoting ? 'vote.form.submitNone' : 'vote.form.submit')}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={saving}>
          {t('vote.form.cancel')}
        </Button>
      </div>
    </form>
  );
}

function PlaceField({
  index,
  inputRef,
  places,
  existingNames,
  awaitingNames,
  onChange,
  onPick,
}: {
  index: PlaceIndex;
  inputRef?: Ref<HTMLInputElement> | undefined;
  places: Places;
  existingNames: readonly string[];
  awaitingNames: readonly string[];
  onChange: (value: string) => void;
  onPick: (name: string) => void;
}) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const id = useId();
  const value = places[index];
  const place = t(`vote.place.${index + 1}`);
  const match = value.trim() === '' ? undefined : existingMatch(value, existingNames);
  const awaiting = !match && value.trim() !== '' && existingMatch(value, awaitingNames) !== undefined;
  const suggestions = useMemo(() => {
    if (match || awaiting || value.trim().length < 2) return [];
    const key = propositionKey(value);
    return suggestSimilar(value, existingNames, {
      threshold: SIMILARITY_THRESHOLD,
      max: MAX_SIMILAR_SUGGESTIONS,
    }).filter((suggestion) => propositionKey(suggestion.name) !== key);
  }, [value, match, awaiting, existingNames]);
  // The server counts a twin spelled another way for the existing proposition: say so before it does.
  const twin = suggestions.find((suggestion) => suggestion.twin);
  const statusId = `${id}-status`;
  return (
    <div className="vote-place">
      <label className="vote-place__label" htmlFor={id}>
        <MedalIcon place={(index + 1) as 1 | 2 | 3} size={26} />
        <span>{place}</span>
        <span className="vote-place__points">{t('vote.place.points', { count: pointsOf(index) })}</span>
      </label>
      <div className="vote-place__control">
        <input
          ref={inputRef}
          id={id}
          className="field__input vote-place__input"
          type="text"
          autoComplete="off"
          maxLength={LIMITS.propositionNameMax}
          placeholder={t('vote.form.placeholder')}
          value={value}
          aria-describedby={value.trim() ? statusId : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
        {value !== '' && (
          <button
            type="button"
            className="icon-button vote-place__clear"
            aria-label={t('vote.form.clear', { place })}
            onClick={() => onChange('')}
          >
            <CloseIcon width="16" height="16" />
          </button>
        )}
      </div>
      {value.trim() !== '' &&
        (awaiting ? (
          <p id={statusId} className="vote-place__status">
            <Badge>{t('vote.review.badge')}</Badge> {t('vote.review.explain')}
          </p>
        ) : (
          <p
            id={statusId}
            className={`vote-place__status${match || twin ? ' vote-place__status--existing' : ''}`}
          >
            {twin
              ? t('vote.form.twin', { name: twin.name })
              : t(match ? 'vote.form.existing' : 'vote.form.new')}
          </p>
        ))}
      {suggestions.length > 0 && (
        <div className="vote-suggestions">
          <span className="vote-suggestions__title">{t('vote.form.suggestions')}</span>
          <ul className="chip-list chip-list--tight vote-suggestions__list">
            {suggestions.map((suggestion) => (
              <li key={suggestion.name}>
                <button type="button" className="vote-suggestion" onClick={() => onPick(suggestion.name)}>
                  {/* The visible name and similarity are the button's name, with the action around them
                      for screen readers (WCAG 2.5.3: the label a person sees is part of the name). */}
                  <span className="visually-hidden">{t('vote.form.useSuggestion')} </span>
                  <span className="vote-suggestion__name">{suggestion.name}</span>{' '}
                  <span className="vote-suggestion__percent">{format.percent(suggestion.percent)}</span>
                  <span className="visually-hidden"> {t('vote.form.similar')}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
