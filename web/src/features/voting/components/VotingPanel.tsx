import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { UserVotesDto } from '../../../../../common/api/votes.js';
import { errorMessage } from '../../../shared/api/error-message.js';
import { isApiError } from '../../../shared/api/index.js';
import { useHydrated } from '../../../shared/hooks/useHydrated.js';
import { Alert, type AlertTone } from '../../../shared/ui/Alert.js';
import { Badge } from '../../../shared/ui/Badge.js';
import { Button, buttonClasses } from '../../../shared/ui/Button.js';
import { Spinner } from '../../../shared/ui/Spinner.js';
import { useAuth, useAuthDialog } from '../../auth/index.js';
import { useLanguage } from '../../i18n/index.js';
import { MedalIcon, useTopicRanking } from '../../topics/index.js';
import { votingKeys } from '../api/keys.js';
import { type SaveVotesResult, useSaveVotes } from '../api/save-votes.js';
import { useUserVotes } from '../api/user-votes.js';
import { EMPTY_PLACES, entriesOf, placesFromVotes } from '../draft.js';
import { draftStore, useDraft } from '../draft-store.js';
import { BallotCounting } from './BallotCounting.js';
import { BallotNotices } from './BallotNotices.js';
import { VoteForm } from './VoteForm.js';
import './voting.css';
import '../../../shared/ui/surfaces.css';

export interface VotingPanelProps {
  topicId: number;
  /** Open the form as soon as my votes are known (the vote page). */
  startOpen?: boolean;
  /** Offer a link to the full vote page (the topic page). */
  linkToVotePage?: boolean;
}

interface Message {
  tone: AlertTone;
  text: string;
}

/** SPEC 4 "Voting panel": logged out, no vote yet, has voted (summary), and the form. */
export function VotingPanel({ topicId, startOpen = false, linkToVotePage = false }: VotingPanelProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const { user, isLoading } = useAuth();
  // The signed-in person is known in the browser only: the server's HTML (and the render that hydrates
  // it) holds the signed-out prompt's size, hidden, until the session is read.
  const settled = useHydrated() && !isLoading;
  return (
    <section className="card vote-panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="vote-panel__title">
        {t('vote.panel.title')}
      </h2>
      {!settled ? (
        <PendingPrompt />
      ) : user ? (
        <SignedInPanel
          topicId={topicId}
          userId={user.id}
          startOpen={startOpen}
          linkToVotePage={linkToVotePage}
        />
      ) : (
        <LoggedOutPrompt />
      )}
    </section>
  );
}

function LoggedOutPrompt() {
  const { t } = useTranslation();
  const { openAuthDialog } = useAuthDialog();
  return (
    <div className="vote-panel__state">
      <p className="vote-panel__text">{t('vote.panel.loggedOut')}</p>
      <Button variant="primary" onClick={() => openAuthDialog('login')}>
        {t('vote.panel.login')}
      </Button>
    </div>
  );
}

/**
 * A stand-in the size of the signed-out prompt, in the page's language: invisible, inert, read by no one.
 * Without JavaScript the session is never read: a line in its place says why there is no form.
 */
function PendingPrompt() {
  const { t } = useTranslation();
  return (
    <div className="vote-panel__pending">
      <div className="vote-panel__state vote-panel__state--pending" aria-hidden="true" inert>
        <p className="vote-panel__text">{t('vote.panel.loggedOut')}</p>
        <span className={buttonClasses({ variant: 'primary' })}>{t('vote.panel.login')}</span>
      </div>
      <noscript>
        <p className="vote-panel__text vote-panel__no-script">{t('vote.panel.noScript')}</p>
      </noscript>
    </div>
  );
}

function SignedInPanel({
  topicId,
  userId,
  startOpen,
  linkToVotePage,
}: {
  topicId: number;
  userId: number;
  startOpen: boolean;
  linkToVotePage: boolean;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  const votes = useUserVotes(topicId, userId);
  const ranking = useTopicRanking(topicId, language);
  const save = useSaveVotes(topicId);
  const draft = useDraft(topicId);
  const [message, setMessage] = useState<Message | null>(null);
  const messageRef = useRef<HTMLDivElement>(null);
  const countingRef = useRef<HTMLDivElement>(null);
  /** Counts the saves whose answer is my ballot's counting notice: the keyboard goes to it. */
  const [countingAnswers, setCountingAnswers] = useState(0);
  const startedOpen = useRef(false);
  /** Opened by the person (a button), not by the vote page itself: the keyboard follows into the form. */
  const [openedByPerson, setOpenedByPerson] = useState(false);
  /** The button that opened the form: Cancel gives the keyboard back to it. */
  const opener = useRef<HTMLButtonElement>(null);
  const focusOpener = useRef(false);

  const myVotes = votes.data?.votes ?? [];
  const existingNames = (ranking.data?.rankings ?? []).map((entry) => entry.itemName);
  // My proposals held for review: in my ballot, not yet in the public ranking (issue 34).
  const awaitingNames = myVotes.filter((vote) => vote.awaitingReview).map((vote) => vote.itemName);

  const open = () => {
    setMessage(null);
    setOpenedByPerson(true);
    draftStore.set(topicId, { open: true, places: placesFromVotes(myVotes) });
  };
  const close = () => draftStore.set(topicId, { open: false, places: draft.places });

  useEffect(() => {
    if (startOpen && votes.isSuccess && !startedOpen.current) {
      startedOpen.current = true;
      draftStore.set(topicId, { open: true, places: placesFromVotes(votes.data.votes) });
    }
  }, [startOpen, votes.isSuccess, votes.data, topicId]);

  // The draft belongs to this panel: leaving the page closes it (and hides the ranking's medals).
  useEffect(() => () => draftStore.set(topicId, { open: false, places: EMPTY_PLACES }), [topicId]);

  useEffect(() => {
    if (message) messageRef.current?.focus();
  }, [message]);

  useEffect(() => {
    if (countingAnswers > 0) countingRef.current?.focus();
  }, [countingAnswers]);

  useEffect(() => {
    if (draft.open || !focusOpener.current) return;
    focusOpener.current = false;
    opener.current?.focus();
  }, [draft.open]);

  const savedText = (result: SaveVotesResult) => {
    if (result.kind === 'withdrawn') return t('vote.panel.withdrawn');
    const held = result.data.votes.filter((vote) => vote.awaitingReview);
    if (held.length === 0) return t('vote.panel.saved');
    return t('vote.panel.savedAwaitingReview', { count: held.length, name: held[0]?.itemName });
  };

  const submit = () => {
    const entries = entriesOf(draft.places);
    setMessage(null);
    save.mutate(
      { userId, entries },
      {
        onSuccess: (result) => {
          close();
          // My ballot was read again before this runs (useSaveVotes). When it does not count, its notice
          // already says it is saved, and what it waits for: a second "saved" above it would only repeat.
          const saved = queryClient.getQueryData<UserVotesDto>(votingKeys.userVotes(topicId, userId));
          const waits = saved?.hasVoted && saved.counting !== null && saved.counting.state !== 'counted';
          if (waits && result.kind === 'saved' && !result.data.votes.some((vote) => vote.awaitingReview)) {
            setCountingAnswers((count) => count + 1);
          } else {
            setMessage({ tone: 'success', text: savedText(result) });
          }
        },
        onError: (error) => {
          if (entries.length === 0) {
            setMessage({ tone: 'error', text: t('vote.error.delete') });
          } else if (isApiError(error) && error.status === 409 && error.code !== 'TOPIC_INACTIVE') {
            close();
            setMessage({ tone: 'info', text: t('vote.error.alreadyVoted') });
          } else {
            // A bare HTTP failure carries only its status text: the spec's own fallback reads better.
            const serverSpoke = isApiError(error) && error.code !== 'HTTP_ERROR';
            setMessage({
              tone: 'error',
              text: serverSpoke ? errorMessage(t, error, 'vote.error.submit') : t('vote.error.submit'),
            });
          }
        },
      },
    );
  };

  let body: React.ReactNode;
  if (votes.isPending) body = <Spinner size="sm" />;
  else if (votes.isError) body = <Alert tone="error">{t('vote.panel.loadError')}</Alert>;
  else if (draft.open) {
    body = (
      <VoteForm
        places={draft.places}
        existingNames={existingNames}
        awaitingNames={awaitingNames}
        saving={save.isPending}
        focusFirstPlace={openedByPerson}
        onChange={(places) => draftStore.set(topicId, { open: true, places })}
        onSubmit={submit}
        onCancel={() => {
          setMessage(null);
          focusOpener.current = true;
          close();
        }}
      />
    );
  } else if (votes.data.hasVoted) {
    body = (
      <div className="vote-panel__state">
        <h3 className="vote-panel__subtitle">{t('vote.panel.summary')}</h3>
        <ol className="vote-summary">
          {myVotes.map((vote) => (
            <li key={vote.id} className="vote-summary__item">
              <MedalIcon
                place={(4 - vote.points) as 1 | 2 | 3}
                size={24}
                title={t(`vote.place.${4 - vote.points}`)}
              />
              <span className="vote-summary__name">
                {vote.itemName}
                {vote.awaitingReview && (
                  <>
                    {' '}
                    <Badge>{t('vote.review.badge')}</Badge>
                  </>
                )}
              </span>
              <span className="vote-summary__points">{t('vote.place.points', { count: vote.points })}</span>
            </li>
          ))}
        </ol>
        {awaitingNames.length > 0 && <p className="vote-summary__review">{t('vote.review.summary')}</p>}
        <PanelActions topicId={topicId} linkToVotePage={linkToVotePage}>
          <Button ref={opener} variant="primary" onClick={open}>
            {t('vote.panel.edit')}
          </Button>
        </PanelActions>
      </div>
    );
  } else {
    body = (
      <div className="vote-panel__state">
        <p className="vote-panel__text">{t('vote.panel.noVote')}</p>
        <PanelActions topicId={topicId} linkToVotePage={linkToVotePage}>
          <Button ref={opener} variant="primary" onClick={open}>
            {t('vote.panel.start')}
          </Button>
        </PanelActions>
      </div>
    );
  }

  return (
    <>
      {votes.data && <BallotNotices topicId={topicId} userId={userId} notices={votes.data.notices} />}
      {message && (
        <div ref={messageRef} tabIndex={-1} className="vote-panel__message">
          <Alert tone={message.tone} onDismiss={() => setMessage(null)}>
            {message.text}
          </Alert>
        </div>
      )}
      {votes.data?.hasVoted && votes.data.counting && (
        <BallotCounting ref={countingRef} counting={votes.data.counting} />
      )}
      {body}
    </>
  );
}

function PanelActions({
  topicId,
  linkToVotePage,
  children,
}: {
  topicId: number;
  linkToVotePage: boolean;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="vote-panel__actions">
      {children}
      {linkToVotePage && (
        <Link className={buttonClasses({ variant: 'ghost' })} to={`/vote/${topicId}`}>
          {t('vote.panel.openPage')}
        </Link>
      )}
    </div>
  );
}
