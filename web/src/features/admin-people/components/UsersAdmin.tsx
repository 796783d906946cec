import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { UserDto } from '../../../../../common/api/auth.js';
import { errorMessage, isApiError } from '../../../shared/api/index.js';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue.js';
import { AdminTable } from '../../../shared/ui/AdminTable.js';
import { Alert } from '../../../shared/ui/Alert.js';
import { Badge } from '../../../shared/ui/Badge.js';
import { Button } from '../../../shared/ui/Button.js';
import { type ConfirmRequest, ConfirmRequestDialog } from '../../../shared/ui/ConfirmDialog.js';
import { SearchField } from '../../../shared/ui/SearchField.js';
import { useAuth } from '../../auth/index.js';
import { USERS_PAGE_SIZE, useAdminUsers, useDeleteUser, useUpdateUser } from '../api/users.js';
import { useAddPanel } from '../hooks/useAddPanel.js';
import { useInlineEdit } from '../hooks/useInlineEdit.js';
import { AddUserForm } from './AddUserForm.js';
import { InlineEditActions } from './InlineEditActions.js';

interface FlagsDraft {
  isActive: boolean;
  isAdmin: boolean;
}

/** A refusal the server explains by code (own account, last administrator), else the spec's fallback. */
function writeError(t: TFunction, error: unknown, fallbackKey: string): string {
  if (isApiError(error) && error.code === 'FORBIDDEN') return t('adminPeople.users.error.self');
  return errorMessage(t, error, fallbackKey);
}

/** /admin/users (SPEC 2 "Admin users"): add, search, inline Active/Admin edit, delete (votes withdrawn). */
export function UsersAdmin() {
  const { t, i18n } = useTranslation();
  const { user: me } = useAuth();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const q = useDebouncedValue(search.trim(), 300);
  const [offset, setOffset] = useState(0);
  const { adding, setAdding, status, setStatus, done } = useAddPanel();
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const users = useAdminUsers(q, offset);
  const update = useUpdateUser();
  const remove = useDeleteUser();
  const edit = useInlineEdit<number, FlagsDraft>();

  const onSearch = (value: string) => {
    setSearch(value);
    setOffset(0);
    const next = new URLSearchParams(params);
    if (value.trim()) next.set('q', value.trim());
    else next.delete('q');
    setParams(next, { replace: true });
  };

  const save = (user: UserDto) => {
    if (!edit.draft) return;
    update.mutate(
      { id: user.id, ...edit.draft },
      {
        onSuccess: () => {
          edit.cancel();
          setStatus(t('adminPeople.users.updated', { username: user.username }));
        },
      },
    );
  };

  const askDelete = (user: UserDto) =>
    setConfirm({
      title: t('adminPeople.users.deleteTitle'),
      // Someone who voted leaves the rankings with their account: the administrator reads it before confirming.
      message:
        user.voteCount > 0
          ? t('adminPeople.users.deleteConfirmVotes', { count: user.voteCount })
          : t('adminPeople.users.deleteConfirm'),
      confirmLabel: t('action.delete'),
      danger: true,
      errorKey: 'adminPeople.users.error.delete',
      describeError: (failure) => writeError(t, failure, 'adminPeople.users.error.delete'),
      onConfirm: async () => {
        await remove.mutateAsync(user.id);
        setStatus(t('adminPeople.users.deleted', { username: user.username }));
      },
    });

  const empty = users.isSuccess && users.data.total === 0 && !q;
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  // "20 août 2026" stays on one line: a date cut in two reads as two facts.
  const joinedOn = (iso: string) => dateFormat.format(new Date(iso)).replaceAll(' ', '\u00a0');

  return (
    <div className="admin-screen">
      <div className="admin-toolbar">
        <SearchField
          className="admin-search"
          label={t('adminPeople.users.search')}
          value={search}
          onSearch={onSearch}
        />
        {!adding && !empty && (
          <Button variant="primary" onClick={() => setAdding(true)}>
            {t('adminPeople.users.add')}
          </Button>
        )}
      </div>

      {status && (
        <Alert tone="success" onDismiss={() => setStatus('')}>
          {status}
        </Alert>
      )}

      {adding && <AddUserForm onDone={done} />}

      {update.isError && (
        <Alert tone="error">{writeError(t, update.error, 'adminPeople.users.error.update')}</Alert>
      )}

      <AdminTable
        label={t('admin.users.title')}
        columns={[
          t('adminPeople.users.col.user'),
          t('adminPeople.users.col.name'),
          t('adminPeople.users.col.contact'),
          t('adminPeople.users.col.status'),
          t('adminPeople.users.col.activity'),
        ]}
        rowActions
        query={users}
        loadErrorKey="adminPeople.users.error.load"
        rows={users.data?.users}
        rowKey={(user) => user.id}
        count={users.data && t('adminPeople.users.count', { count: users.data.total })}
        empty={
          q
            ? { text: t('adminPeople.users.noMatch', { search: q }) }
            : {
                text: t('adminPeople.users.empty'),
                action: !adding && (
                  <Button variant="primary" onClick={() => setAdding(true)}>
                    {t('adminPeople.users.addFirst')}
                  </Button>
                ),
              }
        }
        pagination={{ offset, pageSize: USERS_PAGE_SIZE, total: users.data?.total ?? 0, onChange: setOffset }}
      >
        {(user) => {
          const editing = edit.isEditing(user.id);
          const isSelf = user.id === me?.id;
          const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
          return (
            <tr>
              <AdminTable.RowHeader>
                @{user.username}
                <AdminTable.Detail>{user.readableId}</AdminTable.Detail>
              </AdminTable.RowHeader>
              <AdminTable.Cell>
                {name || <AdminTable.Detail>{t('adminPeople.users.noName')}</AdminTable.Detail>}
              </AdminTable.Cell>
              <AdminTable.Cell kind="token">{user.email}</AdminTable.Cell>
              <AdminTable.Cell>
                {editing && edit.draft ? (
                  <FlagsEditor
                    username={user.username}
                    isSelf={isSelf}
                    draft={edit.draft}
                    onChange={edit.change}
                  />
                ) : (
                  <span className="badges">
                    <Badge tone={user.isActive ? 'success' : 'neutral'}>
                      {t(user.isActive ? 'adminPeople.users.active' : 'adminPeople.users.inactive')}
                    </Badge>
                    {user.isAdmin && <Badge tone="brand">{t('adminPeople.users.admin')}</Badge>}
                  </span>
                )}
              </AdminTable.Cell>
              <AdminTable.Cell>
                {t('adminPeople.users.joined', { date: joinedOn(user.createdAt) })}
                <AdminTable.Detail>
                  {t('adminPeople.users.votes', { count: user.voteCount })}
                </AdminTable.Detail>
                <AdminTable.Detail>
                  <Link
                    to={`/admin/users/${user.id}/ballots`}
                    state={{ username: user.username }}
                    aria-label={t('integrity.userBallots.linkOf', { username: user.username })}
                  >
                    {t('integrity.userBallots.link')}
                  </Link>
                </AdminTable.Detail>
              </AdminTable.Cell>
              <InlineEditActions
                editing={editing}
                saving={update.isPending}
                onSave={() => save(user)}
                onCancel={edit.cancel}
                editLabel={t('adminPeople.users.editLabel', { username: user.username })}
                onEdit={() => {
                  update.reset();
                  edit.start(user.id, { isActive: user.isActive, isAdmin: user.isAdmin });
                }}
                deleteLabel={t('adminPeople.users.deleteLabel', { username: user.username })}
                onDelete={() => askDelete(user)}
                deleteDisabled={isSelf}
              />
            </tr>
          );
        }}
      </AdminTable>

      <ConfirmRequestDialog request={confirm} onClose={() => setConfirm(null)} />
    </div>
  );
}

const FLAGS = [
  ['isActive', 'adminPeople.users.active'],
  ['isAdmin', 'adminPeople.users.admin'],
] as const;

/** The Active and Admin checkboxes of the row being edited; your own account's stay as they are. */
function FlagsEditor({
  username,
  isSelf,
  draft,
  onChange,
}: {
  username: string;
  isSelf: boolean;
  draft: FlagsDraft;
  onChange: (draft: FlagsDraft) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="admin-flags">
      <legend className="visually-hidden">{t('adminPeople.users.editFlags', { username })}</legend>
      {FLAGS.map(([flag, labelKey]) => (
        <label key={flag} className="checkbox">
          <input
            type="checkbox"
            checked={draft[flag]}
            disabled={isSelf}
            onChange={(event) => onChange({ ...draft, [flag]: event.target.checked })}
          />
          {t(labelKey)}
        </label>
      ))}
      {isSelf && <AdminTable.Detail>{t('adminPeople.users.error.self')}</AdminTable.Detail>}
    </fieldset>
  );
}
