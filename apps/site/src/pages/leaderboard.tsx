// Leaderboard (/leaderboard): a link target only; SPEC.md §1 leaves its content unspecified.
import { PlaceholderPage } from '../components/placeholder-page.tsx';

export function LeaderboardPage() {
  return (
    <PlaceholderPage title="Leaderboard">
      <p>The leaderboard is not available yet.</p>
    </PlaceholderPage>
  );
}
