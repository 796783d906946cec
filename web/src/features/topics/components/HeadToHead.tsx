import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RankingData } from '../../../../../common/api/topics.js';
import { SelectField } from '../../../shared/ui/SelectField.js';
import './head-to-head.css';

/** One duel of a proposition: ballots eligible for both that put it above the other, and below. */
interface Duel {
  opponentId: number;
  opponent: string;
  wins: number;
  losses: number;
}

/** The duels of `propositionIds[index]` against the other compared propositions, in ranking order. */
function duelsOf(ranking: RankingData, names: ReadonlyMap<number, string>, index: number): Duel[] {
  const { propositionIds, wins } = ranking.headToHead;
  return propositionIds.flatMap((opponentId, other) =>
    other === index
      ? []
      : [
          {
            opponentId,
            opponent: names.get(opponentId) ?? '',
            wins: wins[index]?.[other] ?? 0,
            losses: wins[other]?.[index] ?? 0,
          },
        ],
  );
}

/**
 * Whether the points leader also wins head to head (a sentence above the ranking), and a view of the
 * duels among the first propositions: one proposition's duels at a time, as a list that reads on a phone
 * where a 10 by 10 table would not. A <details> element, so that it opens without script and from the
 * keyboard. Shown once two propositions have points.
 */
export function HeadToHead({ ranking }: { ranking: RankingData }) {
  const { t } = useTranslation();
  // The proposition chosen, not its position: a live ballot may reorder the first ten.
  const [chosenId, setChosenId] = useState<number | null>(null);
  const ranked = ranking.rankings.filter((row) => row.totalPoints > 0);
  const { propositionIds } = ranking.headToHead;
  if (ranked.length < 2 || propositionIds.length < 2) return null;

  const names = new Map(ranking.rankings.map((row) => [row.id, row.itemName]));
  const winner = ranking.condorcetWinnerId === null ? undefined : names.get(ranking.condorcetWinnerId);
  const index = Math.max(0, chosenId === null ? 0 : propositionIds.indexOf(chosenId));
  const name = names.get(propositionIds[index] ?? -1) ?? '';
  return (
    <div className="head-to-head">
      <p className="head-to-head__verdict">
        {winner === undefined
          ? t('topic.standing.noWinner')
          : ranking.leaderIsCondorcetWinner
            ? t('topic.standing.agree', { name: winner })
            : t('topic.standing.disagree', { winner })}{' '}
        <Link to="/methodology#head-to-head" className="head-to-head__how">
          {t('topic.standing.howRanked')}
        </Link>
      </p>
      <details className="head-to-head__details">
        <summary className="head-to-head__summary">{t('topic.duels.show')}</summary>
        <div className="head-to-head__panel">
          <h3 className="head-to-head__title">{t('topic.duels.title')}</h3>
          <p className="head-to-head__explain">{t('topic.duels.explain', { name })}</p>
          <SelectField
            label={t('topic.duels.choose')}
            value={propositionIds[index]}
            onChange={(event) => setChosenId(Number(event.target.value))}
          >
            {propositionIds.map((id) => (
              <option key={id} value={id}>
                {names.get(id)}
              </option>
            ))}
          </SelectField>
          <ul className="head-to-head__duels">
            {duelsOf(ranking, names, index).map((duel) => (
              <DuelRow key={duel.opponentId} duel={duel} />
            ))}
          </ul>
        </div>
      </details>
    </div>
  );
}

function DuelRow({ duel }: { duel: Duel }) {
  const { t } = useTranslation();
  const { wins, losses } = duel;
  const outcome = wins > losses ? 'win' : wins < losses ? 'loss' : 'tie';
  const decided = wins + losses;
  const style = { '--duel-wins': decided === 0 ? '50%' : `${(wins / decided) * 100}%` } as CSSProperties;
  return (
    <li className={`duel duel--${outcome}`}>
      <span className="duel__opponent">{t('topic.duels.against', { name: duel.opponent })}</span>
      <span className="duel__result">{t(`topic.duels.${outcome}`, { wins, losses })}</span>
      <span className="duel__bar" style={style} aria-hidden="true" />
    </li>
  );
}
