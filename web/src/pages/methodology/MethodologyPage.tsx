import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  METHODOLOGY_SECTION_TITLES,
  METHODOLOGY_SECTIONS,
  type MethodologySection,
} from '../../../../common/routes.js';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle.js';
import { useScrollToFragment } from '../../shared/hooks/useScrollToFragment.js';
import { BackIcon } from '../../shared/ui/icons.js';
import { METHODOLOGY_FIGURES } from './figures.js';
import './methodology.css';

/**
 * The page's sections in order (common/routes.ts): how a ranking's figures are computed, then which ballots
 * make them, linked from a topic's "cast, counted" and a voter's ballot that waits (issue 36).
 */
const SECTIONS = METHODOLOGY_SECTIONS;
const SECTION_TITLES = METHODOLOGY_SECTION_TITLES;

/**
 * How a ranking's figures are computed (issue 33) and which ballots make them (issue 36), for a reader
 * who is not a statistician.
 */
export function MethodologyPage() {
  const { t } = useTranslation();
  const title = t('methodology.title');
  useDocumentTitle(title);
  useScrollToFragment();
  const figures = METHODOLOGY_FIGURES;

  return (
    <article className="methodology" aria-labelledby="methodology-title">
      <header className="methodology__header">
        <h1 id="methodology-title" className="methodology__title">
          {title}
        </h1>
        <p className="methodology__lead">{t('methodology.lead')}</p>
      </header>

      <nav className="methodology__contents" aria-labelledby="methodology-contents">
        <p id="methodology-contents" className="methodology__contents-title">
          {t('methodology.contents')}
        </p>
        <ol>
          {SECTIONS.map((id) => (
            <li key={id}>
              <a href={`#${id}`}>{t(SECTION_TITLES[id])}</a>
            </li>
          ))}
        </ol>
      </nav>

      <Section id="points">
        <p>{t('methodology.points.ballot')}</p>
        <p className="methodology__example">{t('methodology.points.example')}</p>
        <p>{t('methodology.points.total')}</p>
        <p>{t('methodology.points.ties')}</p>
        <p>{t('methodology.points.live')}</p>
      </Section>

      <Section id="average">
        <p>{t('methodology.average.what')}</p>
        <p>{t('methodology.average.pull', { ballots: figures.ballots })}</p>
        <div className="methodology__aside">
          <p>{t('methodology.average.formula')}</p>
          {/* The formula reads the same in every language. */}
          <p className="methodology__formula" translate="no">
            WR = n/(n+m) · R + m/(n+m) · C
          </p>
          <p>{t('methodology.average.symbols', { ballots: figures.ballots })}</p>
        </div>
        <p>{t('methodology.average.order')}</p>
        <p>{t('methodology.average.interval', { percent: figures.percent })}</p>
        <p>{t('methodology.average.bar')}</p>
      </Section>

      <Section id="too-close">
        <p>{t('methodology.tooClose.overlap')}</p>
        <p>{t('methodology.tooClose.stands')}</p>
      </Section>

      <Section id="head-to-head">
        <p>{t('methodology.headToHead.duel')}</p>
        <p>{t('methodology.headToHead.winner')}</p>
        <p>{t('methodology.headToHead.page', { shown: figures.shown })}</p>
      </Section>

      <Section id="eligible">
        <p>{t('methodology.eligible.when')}</p>
        <p>{t('methodology.eligible.why')}</p>
        <p>{t('methodology.eligible.totals')}</p>
      </Section>

      <Section id="cast-and-counted">
        <p>{t('methodology.castAndCounted.kept')}</p>
        <p>{t('methodology.castAndCounted.wait')}</p>
        <p>{t('methodology.castAndCounted.automatic')}</p>
        <p>{t('methodology.castAndCounted.bursts')}</p>
        <p>{t('methodology.castAndCounted.quarantine')}</p>
      </Section>

      <Section id="windows">
        <p>{t('methodology.windows.periods')}</p>
        <p>{t('methodology.windows.current')}</p>
        <p>{t('methodology.windows.figures')}</p>
        <p>{t('methodology.windows.history')}</p>
        <p>{t('methodology.windows.rising')}</p>
      </Section>

      <Link to="/" className="back-link methodology__back">
        <BackIcon />
        {t('methodology.back')}
      </Link>
    </article>
  );
}

/** A section with its heading; its id is the anchor a ranking (or a ballot that waits) links to. */
function Section({ id, children }: { id: MethodologySection; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section id={id} className="methodology__section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="methodology__heading">
        {t(SECTION_TITLES[id])}
      </h2>
      {children}
    </section>
  );
}
