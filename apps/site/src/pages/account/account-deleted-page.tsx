// Where a player lands after deleting their account. Public, and it forgets the session on arrival
// from the deletion (the navigation's state says so): the server has ended it already.
import { useSession } from '@starport/ui/session';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { usePageTitle } from '../../components/use-page-title.ts';

export function AccountDeletedPage() {
  usePageTitle('Account deleted');
  const { user, logout } = useSession();
  const arrivedFromDeletion = (useLocation().state as { accountDeleted?: boolean } | null)?.accountDeleted === true;
  useEffect(() => {
    if (arrivedFromDeletion && user) void logout();
  }, [arrivedFromDeletion, user, logout]);

  return (
    <div className="page container account-deleted">
      <div className="card account-deleted-card">
        <h1>Your account has been deleted</h1>
        <p>
          Your email, username, Discord link and devices have been erased and you are signed out everywhere. Any
          supporter subscription has been cancelled. Thank you for flying with Starport.
        </p>
        <div className="account-actions">
          <Link to="/" className="btn btn-primary">
            Back to Home
          </Link>
          <Link to="/register" className="btn btn-secondary">
            Create a new account
          </Link>
        </div>
      </div>
    </div>
  );
}
