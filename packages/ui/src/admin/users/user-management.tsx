// User Management (SPEC.md §2): the total, a search, filters and sort orders the server applies (a
// page at a time with "Load more": issue 18), and per player their credits (edited through a
// prompt), tier, admin flag (after a confirmation); in each row's actions menu an inline Send Mail form,
// the player's deliveries, credit history, item moves, a reset link and a Discord resync. The shared
// admin table (shared/data-table.tsx): one line a row on wide screens, cards on phones.

import {
  type AdminUser,
  type AdminUserSort,
  DEFAULT_ADMIN_USER_SORT,
  type SendMailRequest,
} from '@starport/api-client/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../dialog/dialog.tsx';
import { formatCredits, formatDate } from '../../format/format.ts';
import { Loading } from '../../loading/loading.tsx';
import { useSession } from '../../session/session.tsx';
import { useToast } from '../../toast/toast.tsx';
import { useAdminApi } from '../shared/admin-context.tsx';
import { adminQueries, type UserListFilters } from '../shared/admin-queries.ts';
import { type Column, DataTable } from '../shared/data-table.tsx';
import { describeError, messageOr } from '../shared/errors.ts';
import { SearchFilter, SelectFilter } from '../shared/list-filters.tsx';
import { LoadMore } from '../shared/load-more.tsx';
import { ScreenHeader } from '../shared/screen-header.tsx';
import { logFailure, useAdminMutation, useAdminPagedQuery, useAdminQuery } from '../shared/use-admin-query.ts';
import { useAdminTitle } from '../shared/use-admin-title.ts';
import { useDebounced } from '../shared/use-debounced.ts';
import { CreditsPrompt } from './credits-prompt.tsx';
import { DeliveriesDialog } from './deliveries-dialog.tsx';
import { ItemMovesDialog } from './item-moves-dialog.tsx';
import { LedgerDialog } from './ledger-dialog.tsx';
import { ResetLinkDialog } from './reset-link-dialog.tsx';
import { SendMailForm } from './send-mail-form.tsx';

export const userMessages = {
  tierAssigned: 'Tier assigned successfully!',
  creditsUpdated: 'Credits updated successfully!',
  adminGranted: 'Admin status granted successfully!',
  adminRevoked: 'Admin status revoked successfully!',
  mailSent: (name: string) => `Mail sent to ${name}!`,
  tierFailed: 'Failed to assign tier',
  creditsFailed: 'Failed to update credits',
  adminFailed: 'Failed to toggle admin',
  mailFailed: 'Failed to send mail',
  loadFailed: (message: string) => `Error: ${message}`,
  empty: 'No users found',
  resyncQueued: 'Discord roles will be resynced shortly',
  resyncAllQueued: (players: number) =>
    `Discord roles of ${players} linked player${players === 1 ? '' : 's'} will be resynced shortly`,
  resyncFailed: 'Failed to resync Discord roles',
  problemsTitle: 'Discord roles need your attention',
} as const;

export const sortLabels: Record<AdminUserSort, string> = {
  joined_desc: 'Newest first',
  joined_asc: 'Oldest first',
  credits_desc: 'Most credits',
  credits_asc: 'Fewest credits',
  last_login_desc: 'Signed in recently',
  last_login_asc: 'Signed in longest ago',
};

export function UserManagement() {
  const api = useAdminApi();
  const toast = useToast();
  const { user: me, refreshUser } = useSession();
  useAdminTitle('Users');
  const queries = adminQueries(api);
  const [search, setSearch] = useState('');
  const [tierFilter, setTierFilter] = useState('');
  const [roleFilter, setRoleFilter] = useState<'' | 'true' | 'false'>('');
  const [sort, setSort] = useState<AdminUserSort>(DEFAULT_ADMIN_USER_SORT);
  const term = useDebounced(search.trim());
  const filters: UserListFilters = {
    search: term || undefined,
    tier: tierFilter || undefined,
    admin: roleFilter === '' ? undefined : roleFilter === 'true',
    // The default order is the server's too: left out, so the plain list is the plain call.
    sort: sort === DEFAULT_ADMIN_USER_SORT ? undefined : sort,
  };
  const users = useAdminPagedQuery(queries.users(filters), (error) =>
    toast.error(userMessages.loadFailed(describeError(error))),
  );
  const stats = useAdminQuery(queries.stats(), logFailure('Failed to load the user count'));
  const tiers = useAdminQuery(queries.tiers(), logFailure('Failed to load tiers'));
  const items = useAdminQuery(queries.items(), logFailure('Failed to load shop items'));
  // Role sync problems only an admin can fix (SECURITY.md): loaded quietly, shown when there are any.
  const problems = useAdminQuery(queries.discordProblems(), logFailure('Failed to load Discord role problems'));
  const setTier = useAdminMutation('user', ({ user, tierId }: { user: AdminUser; tierId: string }) =>
    api.admin.users.setTier(user._id, tierId || null),
  );
  const setCredits = useAdminMutation('user', ({ user, credits }: { user: AdminUser; credits: number }) =>
    api.admin.users.setCredits(user._id, credits),
  );
  const setAdmin = useAdminMutation('user', ({ user, isAdmin }: { user: AdminUser; isAdmin: boolean }) =>
    api.admin.users.setAdmin(user._id, isAdmin),
  );
  const resync = useAdminMutation('discordResync', (user: AdminUser | null) =>
    user ? api.admin.discord.resyncUser(user._id) : api.admin.discord.resyncAll(),
  );
  const sendMail = useAdminMutation('mail', (mail: SendMailRequest) => api.admin.sendMail(mail));
  const [editingCredits, setEditingCredits] = useState<AdminUser | null>(null);
  const [toggling, setToggling] = useState<AdminUser | null>(null);
  const [mailTo, setMailTo] = useState<string | null>(null);
  const [deliveriesOf, setDeliveriesOf] = useState<AdminUser | null>(null);
  const [historyOf, setHistoryOf] = useState<AdminUser | null>(null);
  const [movesOf, setMovesOf] = useState<AdminUser | null>(null);
  const [resetLinkOf, setResetLinkOf] = useState<AdminUser | null>(null);
  const assigning = setTier.isPending ? setTier.variables.user._id : null;

  /** The admin's own balance and tier show in the host's navigation: keep them current. */
  async function afterChange(user: AdminUser) {
    if (me && user._id === me._id) await refreshUser();
  }

  async function handleTier(user: AdminUser, tierId: string) {
    try {
      await setTier.mutateAsync({ user, tierId });
      toast.success(userMessages.tierAssigned);
      await afterChange(user);
    } catch (error) {
      toast.error(messageOr(error, userMessages.tierFailed));
    }
  }

  async function handleCredits(user: AdminUser, credits: number): Promise<boolean> {
    try {
      await setCredits.mutateAsync({ user, credits });
      toast.success(userMessages.creditsUpdated);
      setEditingCredits(null);
      await afterChange(user);
      return true;
    } catch (error) {
      toast.error(messageOr(error, userMessages.creditsFailed));
      return false;
    }
  }

  async function handleToggleAdmin() {
    if (!toggling) return;
    const user = toggling;
    const isAdmin = !user.isAdmin;
    try {
      await setAdmin.mutateAsync({ user, isAdmin });
      toast.success(isAdmin ? userMessages.adminGranted : userMessages.adminRevoked);
      setToggling(null);
      await afterChange(user);
    } catch (error) {
      toast.error(messageOr(error, userMessages.adminFailed));
      setToggling(null);
    }
  }

  async function handleResync(user: AdminUser | null) {
    try {
      const { queued } = await resync.mutateAsync(user);
      toast.success(user ? userMessages.resyncQueued : userMessages.resyncAllQueued(queued));
    } catch (error) {
      toast.error(messageOr(error, userMessages.resyncFailed));
    }
  }

  async function handleSendMail(user: AdminUser, mail: SendMailRequest): Promise<boolean> {
    try {
      await sendMail.mutateAsync(mail);
      toast.success(userMessages.mailSent(user.user_name));
      setMailTo(null);
      return true;
    } catch (error) {
      toast.error(messageOr(error, userMessages.mailFailed));
      return false;
    }
  }

  const shown = users.data?.pages.flatMap((page) => page.users) ?? [];
  // The server's count of every match, up to its cap ("1,000+"); an older server's answer has none.
  const matching = users.data?.pages[0]?.matching;
  const filtered = Boolean(filters.search || filters.tier || filters.admin !== undefined);
  const tierList = tiers.data ?? [];

  const userColumns: Column<AdminUser>[] = [
    {
      header: 'Username',
      rowHeader: true,
      className: 'cell-nowrap',
      cell: (user) => (
        <>
          <span className="user-name cell-truncate" title={user.user_name}>
            {user.user_name}
            {me?._id === user._id ? <span className="text-faint"> (you)</span> : null}
          </span>
          <span className="user-created">Joined {formatDate(user.user_created_at)}</span>
        </>
      ),
    },
    {
      header: 'Email',
      cell: (user) => (
        <span className="cell-truncate" title={user.user_email}>
          {user.user_email}
        </span>
      ),
    },
    {
      header: 'Discord',
      className: 'cell-nowrap',
      cell: (user) =>
        user.discordId ? (
          <span className="discord-status">
            <span className="badge badge-success">Linked</span>
            <span className="discord-username cell-truncate" title={user.discordUsername ?? undefined}>
              {user.discordUsername}
            </span>
          </span>
        ) : (
          <span className="text-faint">Not linked</span>
        ),
    },
    {
      header: 'Credits',
      className: 'cell-nowrap',
      cell: (user) => (
        <span className="user-credits">
          <span>{formatCredits(user.credits)}</span>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            aria-label={`Edit credits of ${user.user_name}`}
            onClick={() => setEditingCredits(user)}
          >
            Edit
          </button>
        </span>
      ),
    },
    {
      header: 'Tier',
      className: 'cell-nowrap',
      cell: (user) => (
        <>
          <label className="visually-hidden" htmlFor={`user-tier-${user._id}`}>
            Tier of {user.user_name}
          </label>
          <select
            id={`user-tier-${user._id}`}
            name={`tier-${user._id}`}
            className="select select-compact"
            value={user.currentTier?._id ?? ''}
            disabled={assigning === user._id}
            onChange={(event) => void handleTier(user, event.target.value)}
          >
            <option value="">No Tier</option>
            {tierList.map((tier) => (
              <option key={tier._id} value={tier._id}>
                {tier.name}
              </option>
            ))}
            {/* A tier the list does not hold (still loading, or removed) still shows by name. */}
            {user.currentTier && !tierList.some((tier) => tier._id === user.currentTier?._id) ? (
              <option value={user.currentTier._id}>{user.currentTier.name}</option>
            ) : null}
          </select>
        </>
      ),
    },
    {
      header: 'Admin',
      className: 'cell-nowrap',
      cell: (user) => {
        const isMe = me?._id === user._id;
        return (
          <button
            type="button"
            className={user.isAdmin ? 'btn btn-sm role-toggle is-admin' : 'btn btn-sm role-toggle'}
            aria-label={`${user.isAdmin ? 'Admin' : 'User'}: change the admin status of ${user.user_name}`}
            title={
              isMe
                ? 'You cannot revoke your own admin status'
                : user.isAdmin
                  ? 'Revoke admin status'
                  : 'Grant admin status'
            }
            disabled={isMe}
            onClick={() => setToggling(user)}
          >
            {user.isAdmin ? 'Admin' : 'User'}
          </button>
        );
      },
    },
  ];

  return (
    <>
      <ScreenHeader
        title="User Management"
        action={
          <button type="button" className="btn btn-secondary" onClick={() => void handleResync(null)}>
            Resync Discord roles
          </button>
        }
      >
        Total users: <strong>{stats.data ? formatCredits(stats.data.totalUsers) : '…'}</strong>
        {filtered ? (
          <>
            {' '}
            · {formatCredits(matching ? matching.count : shown.length)}
            {(matching ? matching.more : users.hasNextPage) ? '+' : ''} matching
          </>
        ) : null}
      </ScreenHeader>

      {problems.data && problems.data.length > 0 ? (
        <div className="banner banner-warning admin-problems" role="status">
          <strong>{userMessages.problemsTitle}</strong>
          <ul>
            {problems.data.map((problem) => (
              <li key={problem.jobId}>
                {shown.find((user) => user._id === problem.userId)?.user_name ?? problem.userId}: {problem.error}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <div className="admin-filters">
        <SearchFilter
          id="admin-user-search"
          label="Search users"
          placeholder="Part of a username, email or Discord name, or a Discord id"
          value={search}
          onChange={setSearch}
        />
        <SelectFilter id="admin-user-tier" label="Tier" value={tierFilter} onChange={setTierFilter}>
          <option value="">Any tier</option>
          <option value="none">No tier</option>
          {tierList.map((tier) => (
            <option key={tier._id} value={tier._id}>
              {tier.name}
            </option>
          ))}
        </SelectFilter>
        <SelectFilter id="admin-user-role" label="Role" value={roleFilter} onChange={setRoleFilter}>
          <option value="">Everyone</option>
          <option value="true">Admins</option>
          <option value="false">Players</option>
        </SelectFilter>
        <SelectFilter id="admin-user-sort" label="Sort" value={sort} onChange={setSort}>
          {Object.entries(sortLabels).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectFilter>
      </div>

      {users.isPending ? (
        <Loading label="Loading users..." />
      ) : shown.length === 0 ? (
        <div className="empty-state">
          <p>{userMessages.empty}</p>
        </div>
      ) : (
        <DataTable
          label="Users"
          className="user-table"
          columns={userColumns}
          rows={shown}
          rowKey={(user) => user._id}
          rowName={(user) => user.user_name}
          actions={(user) => [
            {
              label: 'Send Mail',
              name: `Send mail to ${user.user_name}`,
              onSelect: () => setMailTo(mailTo === user._id ? null : user._id),
            },
            { label: 'Deliveries', name: `Deliveries of ${user.user_name}`, onSelect: () => setDeliveriesOf(user) },
            {
              label: 'Credit history',
              name: `Credit history of ${user.user_name}`,
              onSelect: () => setHistoryOf(user),
            },
            { label: 'Item moves', name: `Item moves of ${user.user_name}`, onSelect: () => setMovesOf(user) },
            {
              label: 'Reset link',
              name: `Copy a password reset link for ${user.user_name}`,
              onSelect: () => setResetLinkOf(user),
            },
            ...(user.discordId
              ? [
                  {
                    label: 'Resync Discord roles',
                    name: `Resync Discord roles of ${user.user_name}`,
                    onSelect: () => void handleResync(user),
                  },
                ]
              : []),
          ]}
          detail={(user) =>
            mailTo === user._id ? (
              <SendMailForm
                user={user}
                items={items.data ?? []}
                onSend={(mail) => handleSendMail(user, mail)}
                onCancel={() => setMailTo(null)}
              />
            ) : null
          }
        />
      )}
      <LoadMore query={users} label="Load more users" />

      {editingCredits ? (
        <CreditsPrompt
          user={editingCredits}
          onSave={(credits) => handleCredits(editingCredits, credits)}
          onClose={() => setEditingCredits(null)}
        />
      ) : null}

      <ConfirmDialog
        open={toggling !== null}
        title={toggling?.isAdmin ? 'Revoke Admin Status' : 'Grant Admin Status'}
        message={
          toggling?.isAdmin ? (
            <p>Revoke administrator status from {toggling.user_name}? They will lose access to the admin panel.</p>
          ) : (
            <p>Make {toggling?.user_name} an administrator? They will be able to manage the whole site.</p>
          )
        }
        confirmLabel={toggling?.isAdmin ? 'Revoke Admin' : 'Grant Admin'}
        tone={toggling?.isAdmin ? 'danger' : 'default'}
        busy={setAdmin.isPending}
        onConfirm={handleToggleAdmin}
        onCancel={() => setToggling(null)}
      />
      {deliveriesOf ? <DeliveriesDialog user={deliveriesOf} onClose={() => setDeliveriesOf(null)} /> : null}
      {historyOf ? <LedgerDialog user={historyOf} onClose={() => setHistoryOf(null)} /> : null}
      {movesOf ? <ItemMovesDialog user={movesOf} onClose={() => setMovesOf(null)} /> : null}
      {resetLinkOf ? <ResetLinkDialog user={resetLinkOf} onClose={() => setResetLinkOf(null)} /> : null}
    </>
  );
}
