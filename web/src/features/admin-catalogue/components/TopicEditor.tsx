import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PROPOSAL_POLICIES, type ProposalPolicy } from '../../../../../common/api/settings.js';
import type { RankingEntryDto, TopicDto } from '../../../../../common/api/topics.js';
import { errorMessage } from '../../../shared/api/index.js';
import { useTagTypeLabel } from '../../../shared/hooks/useTagTypeLabel.js';
import { Alert } from '../../../shared/ui/Alert.js';
import { Button } from '../../../shared/ui/Button.js';
import { type ConfirmRequest, ConfirmRequestDialog } from '../../../shared/ui/ConfirmDialog.js';
import { TextField } from '../../../shared/ui/Field.js';
import { SelectField } from '../../../shared/ui/SelectField.js';
import { StatusMessage } from '../../../shared/ui/StatusMessage.js';
import { TextAreaField } from '../../../shared/ui/TextAreaField.js';
import { useSettings } from '../../admin-settings/index.js';
import { useLanguage } from '../../i18n/index.js';
import { useAdminTags } from '../api/tags.js';
import {
  useAddProposition,
  useAddTopicTag,
  useDeleteProposition,
  useMergeProposition,
  useRemoveTopicTag,
  useRenameProposition,
  useSetTopicStatus,
  useUpdateTopic,
} from '../api/topics.js';
import { CatalogueCard } from './CatalogueCard.js';
import { displayName } from './names.js';
import { topicStatusRequest } from './topic-status-request.js';
import '../../../shared/ui/surfaces.css';

/**
 * SPEC "Admin topic page": inline title and description, active toggle, how new propositions are
 * published, tags. Edits the text in the UI language.
 */
export function TopicEditor({
  topic,
  proposalPolicy,
}: {
  topic: TopicDto;
  proposalPolicy: ProposalPolicy | null;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const update = useUpdateTopic(language);
  const setActive = useSetTopicStatus();
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(topic.title);
  const [description, setDescription] = useState(topic.description ?? '');
  const [error, setError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await update.mutateAsync({ key: topic.id, title, description: description || null, language });
      setEditing(false);
      setError(null);
    } catch (failure) {
      setError(errorMessage(t, failure, 'adminCatalogue.topicEdit.saveFailed'));
    }
  };

  const askToggle = () => setConfirm(topicStatusRequest(t, topic, setActive.mutateAsync));

  return (
    <CatalogueCard title={t('adminCatalogue.topicEdit.details')}>
      {editing ? (
        <form className="catalogue-form" onSubmit={save}>
          <TextField
            label={t('adminCatalogue.topicEdit.titleLabel')}
            name="title"
            value={title}
            required
            data-autofocus
            onChange={(event) => setTitle(event.target.value)}
          />
          <TextAreaField
            label={t('adminCatalogue.topicEdit.descriptionLabel')}
            className="catalogue-textarea"
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
          {error && <Alert tone="error">{error}</Alert>}
          <div className="catalogue-actions">
            <Button type="submit" variant="primary" disabled={!title.trim() || update.isPending}>
              {t('action.save')}
            </Button>
            <Button
              onClick={() => {
                setEditing(false);
                setTitle(topic.title);
                setDescription(topic.description ?? '');
              }}
            >
              {t('action.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <div className="catalogue-details">
          <p className="catalogue-details__title">{topic.title}</p>
          <p className="catalogue-muted">
            {topic.description || t('adminCatalogue.topicEdit.noDescription')}
          </p>
          <p className="catalogue-muted">
            {topic.categoryName} ·{' '}
            {t(topic.isMainTopic ? 'adminCatalogue.topics.mainTopic' : 'adminCatalogue.topics.subTopic')}
            {topic.mainTopic && ` · ${t('adminCatalogue.topics.subTopicOf', { main: topic.mainTopic })}`}
          </p>
          <div className="catalogue-actions">
            <Button onClick={() => setEditing(true)}>{t('adminCatalogue.topicEdit.editText')}</Button>
            <Button onClick={askToggle} aria-pressed={topic.isActive}>
              {t(topic.isActive ? 'adminCatalogue.topics.active' : 'adminCatalogue.topics.inactive')} —{' '}
              {t(topic.isActive ? 'adminCatalogue.topics.deactivate' : 'adminCatalogue.topics.activate')}
            </Button>
          </div>
        </div>
      )}
      <TopicProposalPolicy topic={topic} policy={proposalPolicy} />
      <TopicTags topic={topic} />
      <ConfirmRequestDialog request={confirm} onClose={() => setConfirm(null)} />
    </CatalogueCard>
  );
}

/** The select's value for "no policy of its own": the topic follows the site's setting. */
const SITE_POLICY = 'site';

/**
 * Issue 34: whether a name a voter types on this topic is published at once or held for review; by
 * default, as the site's setting says (shown, so that the choice is made knowing it). Saved on its own.
 */
function TopicProposalPolicy({ topic, policy }: { topic: TopicDto; policy: ProposalPolicy | null }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const update = useUpdateTopic(language);
  const site = useSettings().data?.settings.proposalPolicy;
  const saved = policy ?? SITE_POLICY;
  const [choice, setChoice] = useState<string>(saved);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    try {
      const proposalPolicy = choice === SITE_POLICY ? null : (choice as ProposalPolicy);
      await update.mutateAsync({ key: topic.id, proposalPolicy });
      setError(null);
      setStatus(t(`adminCatalogue.topicEdit.policySaved.${proposalPolicy ?? SITE_POLICY}`));
    } catch (failure) {
      setError(errorMessage(t, failure, 'adminCatalogue.topicEdit.saveFailed'));
    }
  };

  return (
    <form className="catalogue-form__row" onSubmit={save}>
      <SelectField
        label={t('adminCatalogue.topicEdit.policy')}
        name="proposal-policy"
        value={choice}
        onChange={(event) => {
          setChoice(event.target.value);
          setStatus(null);
        }}
      >
        <option value={SITE_POLICY}>
          {site
            ? t('adminCatalogue.topicEdit.policySite', { current: t(`proposalPolicy.${site}`) })
            : t('adminCatalogue.topicEdit.policySiteUnknown')}
        </option>
        {PROPOSAL_POLICIES.map((value) => (
          <option key={value} value={value}>
            {t(`proposalPolicy.${value}`)}
          </option>
        ))}
      </SelectField>
      <Button type="submit" disabled={choice === saved || update.isPending}>
        {t('action.save')}
      </Button>
      <StatusMessage message={status} />
      {error && <Alert tone="error">{error}</Alert>}
    </form>
  );
}

function TopicTags({ topic }: { topic: TopicDto }) {
  const { t } = useTranslation();
  const typeLabel = useTagTypeLabel();
  const { language } = useLanguage();
  const tags = useAdminTags();
  const add = useAddTopicTag();
  const remove = useRemoveTopicTag();
  const [choice, setChoice] = useState('');
  const [error, setError] = useState<string | null>(null);
  const present = new Set(topic.tags.map((tag) => tag.slug));
  const candidates = (tags.data?.tags ?? []).filter(
    (tag) => !present.has(tag.slug) && (tag.categoryId === null || tag.categoryId === topic.categoryId),
  );

  const run = async (work: Promise<unknown>) => {
    try {
      await work;
      setError(null);
    } catch (failure) {
      setError(errorMessage(t, failure, 'adminCatalogue.topicEdit.tagFailed'));
    }
  };

  return (
    <div className="catalogue-tags">
      <h3 className="catalogue-wizard__heading">{t('adminCatalogue.topicEdit.tags')}</h3>
      <ul className="chip-list">
        {topic.tags.length === 0 && (
          <li className="catalogue-muted">{t('adminCatalogue.topicEdit.noTags')}</li>
        )}
        {topic.tags.map((tag) => (
          <li key={tag.slug} className="catalogue-chip">
            {tag.name}
            <button
              type="button"
              className="catalogue-chip__remove"
              aria-label={t('adminCatalogue.topicEdit.removeTag', { name: tag.name })}
              onClick={() => run(remove.mutateAsync({ key: topic.id, tagSlug: tag.slug }))}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <form
        className="catalogue-form__row"
        onSubmit={(event) => {
          event.preventDefault();
          if (choice) run(add.mutateAsync({ key: topic.id, tagSlug: choice }).then(() => setChoice('')));
        }}
      >
        <SelectField
          label={t('adminCatalogue.topicEdit.addTag')}
          value={choice}
          onChange={(event) => setChoice(event.target.value)}
        >
          <option value="">{t('adminCatalogue.topicEdit.chooseTag')}</option>
          {candidates.map((tag) => (
            <option key={tag.slug} value={tag.slug}>
              {displayName(tag, language)} ({typeLabel(tag.type)})
            </option>
          ))}
        </SelectField>
        <Button type="submit" disabled={!choice || add.isPending}>
          {t('adminCatalogue.topicEdit.add')}
        </Button>
      </form>
      {error && <Alert tone="error">{error}</Alert>}
    </div>
  );
}

/** Adds a proposition to the topic (the ranking below shows it at once). */
export function AddPropositionForm({ topicId }: { topicId: number }) {
  const { t } = useTranslation();
  const add = useAddProposition();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className="catalogue-form__row"
      onSubmit={async (event) => {
        event.preventDefault();
        try {
          await add.mutateAsync({ key: topicId, itemName: name });
          setName('');
          setError(null);
        } catch (failure) {
          setError(errorMessage(t, failure, 'adminCatalogue.topicEdit.propositionFailed'));
        }
      }}
    >
      <TextField
        label={t('adminCatalogue.topicEdit.newProposition')}
        name="new-proposition"
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <Button type="submit" disabled={!name.trim() || add.isPending}>
        {t('adminCatalogue.topicEdit.add')}
      </Button>
      {error && <Alert tone="error">{error}</Alert>}
    </form>
  );
}

/** Row controls for the ranking (RankingList's renderActions): rename in place (saved) and delete. */
export function PropositionActions({
  topicId,
  entry,
  others,
}: {
  topicId: number;
  entry: RankingEntryDto;
  /** The topic's other propositions: where this one can be merged. */
  others: readonly RankingEntryDto[];
}) {
  const { t } = useTranslation();
  const rename = useRenameProposition();
  const remove = useDeleteProposition();
  const [editing, setEditing] = useState(false);
  const [merging, setMerging] = useState(false);
  const [name, setName] = useState(entry.itemName);
  const [error, setError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);

  if (editing) {
    return (
      <form
        className="catalogue-inline catalogue-rename"
        onSubmit={async (event) => {
          event.preventDefault();
          try {
            await rename.mutateAsync({ key: topicId, id: entry.id, itemName: name });
            setEditing(false);
            setError(null);
          } catch (failure) {
            setError(errorMessage(t, failure, 'adminCatalogue.topicEdit.propositionFailed'));
          }
        }}
      >
        <TextField
          label={t('adminCatalogue.topicEdit.renameLabel', { name: entry.itemName })}
          name={`rename-${entry.id}`}
          value={name}
          autoFocus
          onChange={(event) => setName(event.target.value)}
        />
        <Button type="submit" size="sm" variant="primary" disabled={!name.trim() || rename.isPending}>
          {t('action.save')}
        </Button>
        <Button size="sm" onClick={() => setEditing(false)}>
          {t('action.cancel')}
        </Button>
        {error && <Alert tone="error">{error}</Alert>}
      </form>
    );
  }
  if (merging) {
    return (
      <MergePropositionForm
        topicId={topicId}
        entry={entry}
        others={others}
        onDone={() => setMerging(false)}
      />
    );
  }
  return (
    <div className="catalogue-actions">
      <Button size="sm" onClick={() => setEditing(true)}>
        {t('adminCatalogue.topicEdit.rename')}
        <span className="visually-hidden"> {entry.itemName}</span>
      </Button>
      {others.length > 0 && (
        <Button size="sm" onClick={() => setMerging(true)}>
          {t('adminCatalogue.topicEdit.merge')}
          <span className="visually-hidden"> {entry.itemName}</span>
        </Button>
      )}
      <Button
        size="sm"
        variant="danger"
        onClick={() =>
          setConfirm({
            title: t('adminCatalogue.topicEdit.deletePropositionTitle', { name: entry.itemName }),
            message: (
              <p>
                {entry.voteCount === 0
                  ? t('adminCatalogue.topicEdit.deletePropositionNoVotes')
                  : t('adminCatalogue.topicEdit.deletePropositionConfirm', { count: entry.voteCount })}
              </p>
            ),
            confirmLabel: t('action.delete'),
            danger: true,
            errorKey: 'adminCatalogue.topicEdit.propositionFailed',
            onConfirm: () => remove.mutateAsync({ key: topicId, id: entry.id }),
          })
        }
      >
        {t('action.delete')}
        <span className="visually-hidden"> {entry.itemName}</span>
      </Button>
      <ConfirmRequestDialog request={confirm} onClose={() => setConfirm(null)} />
    </div>
  );
}

/** A proposition as a merge names it: the one merged (with its ballots) or one it can go into. */
type MergedProposition = Pick<RankingEntryDto, 'id' | 'itemName' | 'voteCount'>;
type MergeTarget = Pick<RankingEntryDto, 'id' | 'itemName'>;

/**
 * Merging a duplicate into another proposition: pick the one it goes into (the first of `others` at
 * first), then confirm, told what happens to the ballots. `onDone` is called with the proposition it went
 * into once merged, without one on Cancel. Also the review queue's merge of a proposal (issue 34).
 */
export function MergePropositionForm({
  topicId,
  entry,
  others,
  onDone,
}: {
  topicId: number;
  entry: MergedProposition;
  others: readonly MergeTarget[];
  onDone: (into?: MergeTarget) => void;
}) {
  const { t } = useTranslation();
  const merge = useMergeProposition();
  const [intoId, setIntoId] = useState(String(others[0]?.id ?? ''));
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const into = others.find((other) => String(other.id) === intoId);
  return (
    <form
      className="catalogue-inline catalogue-merge"
      onSubmit={(event) => {
        event.preventDefault();
        if (!into) return;
        setConfirm({
          title: t('adminCatalogue.topicEdit.mergeTitle', { name: entry.itemName, into: into.itemName }),
          message: (
            <>
              <p>
                {t('adminCatalogue.topicEdit.mergeBallots', {
                  count: entry.voteCount,
                  name: entry.itemName,
                  into: into.itemName,
                })}
              </p>
              <p>{t('adminCatalogue.topicEdit.mergeBoth', { into: into.itemName })}</p>
              <p>{t('adminCatalogue.topicEdit.mergeAlias', { name: entry.itemName, into: into.itemName })}</p>
            </>
          ),
          confirmLabel: t('adminCatalogue.topicEdit.mergeConfirm'),
          danger: true,
          errorKey: 'adminCatalogue.topicEdit.propositionFailed',
          onConfirm: async () => {
            await merge.mutateAsync({ key: topicId, id: entry.id, intoId: into.id });
            onDone(into);
          },
        });
      }}
    >
      <SelectField
        label={t('adminCatalogue.topicEdit.mergeInto', { name: entry.itemName })}
        name={`merge-${entry.id}`}
        value={intoId}
        autoFocus
        onChange={(event) => setIntoId(event.target.value)}
      >
        {others.map((other) => (
          <option key={other.id} value={other.id}>
            {other.itemName}
          </option>
        ))}
      </SelectField>
      <Button type="submit" size="sm" variant="primary" disabled={!into || merge.isPending}>
        {t('adminCatalogue.topicEdit.merge')}
      </Button>
      <Button size="sm" onClick={() => onDone()}>
        {t('action.cancel')}
      </Button>
      <ConfirmRequestDialog request={confirm} onClose={() => setConfirm(null)} />
    </form>
  );
}
