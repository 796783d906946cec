import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  PROPOSAL_NOTE_MAX,
  type ProposalDto,
  REJECTION_REASONS,
  type RejectionReason,
} from '../../../../../common/api/proposals.js';
import { errorMessage } from '../../../shared/api/index.js';
import { formatDateTime } from '../../../shared/format/date-time.js';
import { Alert } from '../../../shared/ui/Alert.js';
import { Button } from '../../../shared/ui/Button.js';
import { type ConfirmRequest, ConfirmRequestDialog } from '../../../shared/ui/ConfirmDialog.js';
import { LoadState } from '../../../shared/ui/LoadState.js';
import { SelectField } from '../../../shared/ui/SelectField.js';
import { Spinner } from '../../../shared/ui/Spinner.js';
import { StatusMessage } from '../../../shared/ui/StatusMessage.js';
import { TextAreaField } from '../../../shared/ui/TextAreaField.js';
import { MergePropositionForm } from '../../admin-catalogue/index.js';
import { useLanguage } from '../../i18n/index.js';
import { useTopicRanking } from '../../topics/index.js';
import {
  useApproveProposal,
  useForgetMergedProposal,
  useProposals,
  useRejectProposal,
} from '../api/proposals.js';

/** Where the keyboard goes once a decided proposal has left the list: the next one's name, or the list's heading. */
interface FocusAfter {
  decided: number;
  next: number | undefined;
}

const nameIdOf = (listId: string, proposal: { id: number }) => `${listId}-proposal-${proposal.id}`;

/**
 * /admin/proposals: names voters typed on topics held for review, oldest first, each approved, rejected
 * with a reason, or merged into a proposition of its topic. A decided proposal leaves the list, the
 * status line says what happened, and the keyboard moves on to the next one.
 */
export function ProposalQueue() {
  const { t } = useTranslation();
  const proposals = useProposals();
  const listId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [focusAfter, setFocusAfter] = useState<FocusAfter | null>(null);
  const list = proposals.data?.proposals;

  // Once the decided proposal is out of the list (at once, or after the dialog that confirmed it closed).
  useEffect(() => {
    if (!focusAfter || !list || list.some((proposal) => proposal.id === focusAfter.decided)) return;
    setFocusAfter(null);
    const next = list.find((proposal) => proposal.id === focusAfter.next);
    const target = next ? document.getElementById(nameIdOf(listId, next)) : headingRef.current;
    target?.focus();
  }, [focusAfter, list, listId]);

  const decided = (proposal: ProposalDto, message: string) => {
    const index = list?.findIndex((other) => other.id === proposal.id) ?? -1;
    const next = list?.[index + 1] ?? list?.[index - 1];
    setStatus(message);
    setFocusAfter({ decided: proposal.id, next: next?.id });
  };

  if (!list) {
    return (
      <div className="admin-screen proposal-queue">
        <LoadState
          align="start"
          {...(proposals.isError && {
            error: errorMessage(t, proposals.error, 'adminProposals.error.load'),
            onRetry: () => void proposals.refetch(),
          })}
        />
      </div>
    );
  }
  return (
    <div className="admin-screen proposal-queue">
      <p className="proposal-queue__intro">{t('adminProposals.intro')}</p>
      <StatusMessage message={status} />
      <section className="proposal-queue__section" aria-labelledby={`${listId}-heading`}>
        <h2 id={`${listId}-heading`} ref={headingRef} tabIndex={-1} className="proposal-queue__heading">
          {t('adminProposals.pending', { count: list.length })}
        </h2>
        {list.length === 0 ? (
          <p className="proposal-queue__empty">{t('adminProposals.empty')}</p>
        ) : (
          <ul className="proposal-queue__list">
            {list.map((proposal) => (
              <ProposalItem
                key={proposal.id}
                proposal={proposal}
                nameId={nameIdOf(listId, proposal)}
                onDecided={(message) => decided(proposal, message)}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

type Panel = 'reject' | 'merge' | null;

function ProposalItem({
  proposal,
  nameId,
  onDecided,
}: {
  proposal: ProposalDto;
  nameId: string;
  onDecided: (message: string) => void;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const approve = useApproveProposal();
  const [panel, setPanel] = useState<Panel>(null);
  const name = proposal.itemName;
  const when = formatDateTime(proposal.proposedAt, language);
  const close = () => setPanel(null);

  return (
    <li className="proposal">
      <h3 id={nameId} tabIndex={-1} className="proposal__name">
        {name}
      </h3>
      <p className="proposal__topic">
        {t('adminProposals.item.topic')}{' '}
        <Link to={`/topic/${encodeURIComponent(proposal.topic.slug)}`}>{proposal.topic.title}</Link>
      </p>
      <p className="proposal__meta">
        {proposal.proposedBy === null
          ? t('adminProposals.item.proposedAt', { when })
          : t('adminProposals.item.proposedBy', { user: proposal.proposedBy, when })}
      </p>
      <p className="proposal__figures">
        {t('adminProposals.item.points', { count: proposal.totalPoints })} ·{' '}
        {t('adminProposals.item.ballots', { count: proposal.voteCount })}
      </p>
      {proposal.similar.length > 0 && (
        <p className="proposal__similar">
          {t('adminProposals.item.similar', {
            names: proposal.similar
              .map((similar) => t('adminProposals.quoted', { name: similar.itemName }))
              .join(', '),
          })}
        </p>
      )}
      {approve.isError && (
        <Alert tone="error" onDismiss={() => approve.reset()}>
          {errorMessage(t, approve.error, 'adminProposals.error.decide')}
        </Alert>
      )}
      {panel === null && (
        <div className="proposal__actions">
          <Button
            size="sm"
            variant="primary"
            disabled={approve.isPending}
            aria-busy={approve.isPending}
            // mutateAsync, not mutate's callbacks: those are dropped once this item has left the list.
            onClick={() =>
              approve.mutateAsync(proposal).then(
                () => onDecided(t('adminProposals.done.approved', { name, topic: proposal.topic.title })),
                // Shown by approve.isError above.
                () => undefined,
              )
            }
          >
            {t('adminProposals.approve')}
            <span className="visually-hidden"> {name}</span>
          </Button>
          <Button size="sm" disabled={approve.isPending} onClick={() => setPanel('reject')}>
            {t('adminProposals.reject')}
            <span className="visually-hidden"> {name}</span>
          </Button>
          <Button size="sm" disabled={approve.isPending} onClick={() => setPanel('merge')}>
            {t('adminProposals.merge')}
            <span className="visually-hidden"> {name}</span>
          </Button>
        </div>
      )}
      {panel === 'reject' && <RejectForm proposal={proposal} onCancel={close} onDecided={onDecided} />}
      {panel === 'merge' && <MergeProposal proposal={proposal} onCancel={close} onDecided={onDecided} />}
    </li>
  );
}

/** What a form that decides on one proposal is given: it ends by `onDecided` with what it did, or `onCancel`. */
interface DecisionFormProps {
  proposal: ProposalDto;
  onCancel: () => void;
  onDecided: (message: string) => void;
}

/** A reason (each has its text in the voters' languages), an optional note, then a confirmation. */
function RejectForm({ proposal, onCancel, onDecided }: DecisionFormProps) {
  const { t } = useTranslation();
  const reject = useRejectProposal();
  const [reason, setReason] = useState<RejectionReason | ''>('');
  const [note, setNote] = useState('');
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const name = proposal.itemName;

  const ask = (event: FormEvent) => {
    event.preventDefault();
    if (reason === '') return;
    const typed = note.trim();
    setConfirm({
      title: t('adminProposals.reject.title', { name }),
      message: (
        <>
          <p>{t('adminProposals.reject.ballots', { count: proposal.voteCount, name })}</p>
          <p>{t('adminProposals.reject.told', { reason: t(`proposals.reason.${reason}.text`) })}</p>
          {typed && <p>{t('adminProposals.reject.withNote', { note: typed })}</p>}
        </>
      ),
      confirmLabel: t('adminProposals.reject.confirm'),
      danger: true,
      errorKey: 'adminProposals.error.decide',
      onConfirm: async () => {
        const { ballots } = await reject.mutateAsync({
          proposal,
          reason,
          ...(typed && { note: typed }),
        });
        onDecided(t('adminProposals.done.rejected', { name, count: ballots }));
      },
    });
  };

  return (
    <form className="proposal__panel" onSubmit={ask}>
      <SelectField
        label={t('adminProposals.reject.reason', { name })}
        name={`reason-${proposal.id}`}
        value={reason}
        required
        autoFocus
        onChange={(event) => setReason(event.target.value as RejectionReason | '')}
      >
        <option value="">{t('adminProposals.reject.chooseReason')}</option>
        {REJECTION_REASONS.map((value) => (
          <option key={value} value={value}>
            {t(`proposals.reason.${value}.label`)}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label={t('adminProposals.reject.note')}
        hint={t('adminProposals.reject.noteHint', { max: PROPOSAL_NOTE_MAX })}
        name={`note-${proposal.id}`}
        className="proposal__note"
        maxLength={PROPOSAL_NOTE_MAX}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
      <div className="proposal__actions">
        <Button type="submit" size="sm" variant="danger" disabled={reason === '' || reject.isPending}>
          {t('adminProposals.reject')}
        </Button>
        <Button size="sm" onClick={onCancel}>
          {t('action.cancel')}
        </Button>
      </div>
      <ConfirmRequestDialog request={confirm} onClose={() => setConfirm(null)} />
    </form>
  );
}

/**
 * The catalogue's merge form over the topic's published propositions, those with a similar name first:
 * its ballots move there and their voters are told.
 */
function MergeProposal({ proposal, onCancel, onDecided }: DecisionFormProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const ranking = useTopicRanking(proposal.topic.id, language);
  const forget = useForgetMergedProposal();

  if (ranking.isPending) return <Spinner size="sm" />;
  const similarIds = new Set(proposal.similar.map((similar) => similar.id));
  const others = [
    ...proposal.similar,
    ...(ranking.data?.rankings ?? []).filter(
      (entry) => entry.id !== proposal.id && !similarIds.has(entry.id),
    ),
  ];
  if (others.length === 0) {
    return (
      <div className="proposal__panel">
        {ranking.isError ? (
          <Alert tone="error">{errorMessage(t, ranking.error, 'adminProposals.error.propositions')}</Alert>
        ) : (
          <p className="proposal__meta">{t('adminProposals.merge.none')}</p>
        )}
        <div className="proposal__actions">
          <Button size="sm" onClick={onCancel}>
            {t('action.cancel')}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className="proposal__panel">
      <MergePropositionForm
        topicId={proposal.topic.id}
        entry={{ id: proposal.id, itemName: proposal.itemName, voteCount: proposal.voteCount }}
        others={others}
        onDone={(into) => {
          if (!into) return onCancel();
          void forget(proposal.id);
          onDecided(t('adminProposals.done.merged', { name: proposal.itemName, into: into.itemName }));
        }}
      />
    </div>
  );
}
