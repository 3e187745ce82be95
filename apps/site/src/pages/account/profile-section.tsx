// The Account page's Profile: the username, the email and since when the player has been one.
import type { AccountProfile, User } from '@starport/api-client/contract';
import { formatDate } from '@starport/ui/format';
import { Block } from '../../components/skeletons.tsx';
import { useLoaded } from '../../components/use-loaded.ts';
import { AccountSection } from './account-section.tsx';

export function ProfileSection({ user }: { user: User }) {
  // The session has the name and email already; only the date comes from the profile call.
  const { data, loading } = useLoaded((api) => api.account.profile(), 'Failed to load the profile');
  const profile: AccountProfile | null = data?.profile ?? null;
  return (
    <AccountSection id="profile" title="Profile">
      <dl className="account-facts">
        <div className="account-fact">
          <dt>Username</dt>
          <dd>{user.username}</dd>
        </div>
        <div className="account-fact">
          <dt>Email</dt>
          <dd>{user.email}</dd>
        </div>
        <div className="account-fact">
          <dt>Member since</dt>
          <dd>
            {profile ? (
              <time dateTime={profile.createdAt}>{formatDate(profile.createdAt)}</time>
            ) : loading ? (
              <Block className="skeleton-line skeleton-line-short" />
            ) : (
              '—'
            )}
          </dd>
        </div>
      </dl>
    </AccountSection>
  );
}
