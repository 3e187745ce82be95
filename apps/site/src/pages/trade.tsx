// Trade (/trade): a link target only; SPEC.md §1 leaves its content unspecified.
import { PlaceholderPage } from '../components/placeholder-page.tsx';

export function TradePage() {
  return (
    <PlaceholderPage title="Trade">
      <p>Player-to-player trading is not open yet.</p>
    </PlaceholderPage>
  );
}
