// Shop (/shop): the item catalogue; the cards, filters and purchases arrive with the shop issue.
import { PlaceholderPage } from '../components/placeholder-page.tsx';

export function ShopPage() {
  return (
    <PlaceholderPage title="Shop">
      <p>The shop is being stocked. Ships, gear and credit packs will be on sale here soon.</p>
    </PlaceholderPage>
  );
}
