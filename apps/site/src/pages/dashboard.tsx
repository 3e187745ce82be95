// Dashboard (/dashboard, players only): the welcome; the credit, tier and Discord cards come later.
import { useSession } from '@starport/ui/session';
import { usePageTitle } from '../components/use-page-title.ts';

export function DashboardPage() {
  const { user } = useSession();
  usePageTitle('Dashboard');
  // The guard only renders this page for a signed-in user.
  if (!user) return null;

  return (
    <div className="page container">
      <header className="page-header">
        <h1>Welcome, {user.username}</h1>
      </header>
    </div>
  );
}
