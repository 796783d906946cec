import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { UserDto } from '../../../../../common/api/auth.js';
import { errorMessage, isApiError } from '../../../shared/api/index.js';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue.js';
import { Alert } from '../../../shared/ui/Alert.js';
import { Badge } from '../../../shared/ui/Badge.js';
import { Button } from '../../../shared/ui/Button.js';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog.js';
import { Spinner } from '../../../shared/ui/Spinner.js';
import { useAuth } from '../../auth/index.js';
import { USERS_PAGE_SIZE, useAdminUsers, useDeleteUser, useUpdateUser } from '../api/users.js';
import { useInlineEdit } from '../hooks/useInlineEdit.js';
import { AddUserForm } from './AddUserForm.js';
import { Pager } from './Pager.js';

interface FlagsDraft {
  isActive: boolean;
  isAdmin: boolean;
}

/** A refusal the server explains by code (own account, last administrator, votes), else the spec's fallback. */
function writeError(t: TFunction, error: unknown, fallbackKey: string): string {
  if (isApiError(error) && error.code === 'FORBIDDEN') return t('adminPeople.users.error.self');
  return errorMessage(t, error, fallbackKey);
}

/** /admin/users (SPEC 2 "Admin users"): add, search, inline Active/Admin edit, delete when no votes. */
export function UsersAdmin() {
  const { t, i18n } = useTranslation();
  const { user: me } = useAuth();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const q = useDebouncedValue(search.trim(), 300);
  const [offset, setOffset] = useState(0);
  const [adding, setAdding] = useState(false);
  const [status, setStatus] = useState('');
  const [toDelete, setToDelete] = useState<UserDto | null>(null);
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

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        setStatus(t('adminPeople.users.deleted', { username: toDelete.username }));
        setToDelete(null);
      },
    });
  };

  const list = users.data?.users ?? [];
  const empty = users.isSuccess && users.data.total === 0 && !q;
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });

  return (
    <div className="admin-screen">
      <div className="admin-toolbar">
        <label className="admin-search">
          <span className="visually-hidden">{t('adminPeople.users.search')}</span>
          <input
            type="search"
            className="field__input"
            placeholder={t('adminPeople.users.search')}
            value={search}
            onChange={(event) => onSearch(event.target.value)}
          />
        </label>
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

      {adding && (
        <AddUserForm
          onDone={(message) => {
            setAdding(false);
            setStatus(message);
          }}
        />
      )}

      {users.isPending && <Spinner />}
      {users.isError && (
        <Alert tone="error">
          {t('adminPeople.users.error.load')}{' '}
          <Button size="sm" onClick={() => void users.refetch()}>
            {t('action.retry')}
          </Button>
        </Alert>
      )}
      {update.isError && (
        <Alert tone="error">{writeError(t, update.error, 'adminPeople.users.error.update')}</Alert>
      )}

      {empty && !adding && (
        <div className="admin-empty">
          <p>{t('adminPeople.users.empty')}</p>
          <Button variant="primary" onClick={() => setAdding(true)}>
            {t('adminPeople.users.addFirst')}
          </Button>
        </div>
      )}

      {users.isSuccess && !empty && (
        <>
          <p className="admin-count" aria-live="polite">
            {t('adminPeople.users.count', { count: users.data.total })}
          </p>
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">{t('adminPeople.users.col.user')}</th>
                  <th scope="col">{t('adminPeople.users.col.name')}</th>
                  <th scope="col">{t('adminPeople.users.col.contact')}</th>
                  <th scope="col">{t('adminPeople.users.col.status')}</th>
                  <th scope="col">{t('adminPeople.users.col.activity')}</th>
                  <th scope="col">{t('adminPeople.users.col.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {list.map((user) => {
                  const editing = edit.isEditing(user.id);
                  const isSelf = user.id === me?.id;
                  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
                  return (
                    <tr key={user.id}>
                      <th scope="row">
                        <span className="admin-table__primary">@{user.username}</span>
                        <span className="admin-table__secondary">{user.readableId}</span>
                      </th>
                      <td>
                        {name || <span className="admin-table__muted">{t('adminPeople.users.noName')}</span>}
                      </td>
                      <td className="admin-table__break">{user.email}</td>
                      <td>
                        {editing && edit.draft ? (
                          <fieldset className="admin-flags">
                            <legend className="visually-hidden">
                              {t('adminPeople.users.editFlags', { username: user.username })}
                            </legend>
                            <label className="checkbox">
                              <input
                                type="checkbox"
                                checked={edit.draft.isActive}
                                disabled={isSelf}
                                onChange={(event) =>
                                  edit.draft && edit.change({ ...edit.draft, isActive: event.target.checked })
                                }
                              />
                              {t('adminPeople.users.active')}
                            </label>
                            <label className="checkbox">
                              <input
                                type="checkbox"
                                checked={edit.draft.isAdmin}
                                disabled={isSelf}
                                onChange={(event) =>
                                  edit.draft && edit.change({ ...edit.draft, isAdmin: event.target.checked })
                                }
                              />
                              {t('adminPeople.users.admin')}
                            </label>
                            {isSelf && (
                              <p className="admin-table__secondary">{t('adminPeople.users.error.self')}</p>
                            )}
                          </fieldset>
                        ) : (
                          <span className="badges">
                            <Badge tone={user.isActive ? 'success' : 'neutral'}>
                              {t(user.isActive ? 'adminPeople.users.active' : 'adminPeople.users.inactive')}
                            </Badge>
                            {user.isAdmin && <Badge tone="brand">{t('adminPeople.users.admin')}</Badge>}
                          </span>
                        )}
                      </td>
                      <td>
                        <span className="admin-table__primary">
                          {t('adminPeople.users.joined', {
                            date: dateFormat.format(new Date(user.createdAt)),
                          })}
                        </span>
                        <span className="admin-table__secondary">
                          {t('adminPeople.users.votes', { count: user.voteCount })}
                        </span>
                      </td>
                      <td>
                        <div className="admin-actions">
                          {editing ? (
                            <>
                              <Button
                                size="sm"
                                variant="primary"
                                disabled={update.isPending}
                                onClick={() => save(user)}
                              >
                                {t('action.save')}
                              </Button>
                              <Button size="sm" onClick={edit.cancel}>
                                {t('action.cancel')}
                              </Button>
                            </>
                          ) : (
                            <>
                              <Button
                                size="sm"
                                aria-label={t('adminPeople.users.editLabel', { username: user.username })}
                                onClick={() => {
                                  update.reset();
                                  edit.start(user.id, { isActive: user.isActive, isAdmin: user.isAdmin });
                                }}
                              >
                                {t('action.edit')}
                              </Button>
                              <Button
                                size="sm"
                                variant="danger"
                                disabled={user.voteCount > 0 || isSelf}
                                title={user.voteCount > 0 ? t('adminPeople.users.hasVotes') : undefined}
                                aria-label={t('adminPeople.users.deleteLabel', { username: user.username })}
                                onClick={() => {
                                  remove.reset();
                                  setToDelete(user);
                                }}
                              >
                                {t('action.delete')}
                              </Button>
                            </>
                          )}
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <Pager offset={offset} pageSize={USERS_PAGE_SIZE} total={users.data.total} onChange={setOffset} />
        </>
      )}

      <ConfirmDialog
        open={toDelete !== null}
        title={t('adminPeople.users.deleteTitle')}
        confirmLabel={t('action.delete')}
        cancelLabel={t('action.cancel')}
        busy={remove.isPending}
        error={remove.isError ? writeError(t, remove.error, 'adminPeople.users.error.delete') : null}
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
      >
        {t('adminPeople.users.deleteConfirm')}
      </ConfirmDialog>
    </div>
  );
}
