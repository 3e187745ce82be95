// Support (/tiers): the supporter tiers; the tier cards and payments arrive with the shop issue.
import { PlaceholderPage } from '../components/placeholder-page.tsx';

export function TiersPage() {
  return (
    <PlaceholderPage title="Support">
      <p>Supporter tiers are on their way. Check back soon to back Starport with a monthly tier.</p>
    </PlaceholderPage>
  );
}
