// The one way a page or dialog leaves for a card order's payment page (Stripe Checkout, or the
// sandbox's own page): open the order, then send the browser to its address. The caller stays busy
// once it resolves (the browser is leaving) and shows a refusal its own way when it rejects.
import type { RedirectResponse } from '@starport/api-client/contract';
import { useNavigateAway } from '../app-providers.tsx';

export function usePaymentPage(): (order: Promise<RedirectResponse>) => Promise<void> {
  const navigateAway = useNavigateAway();
  return async (order) => {
    const { url } = await order;
    if (!url) throw new Error('No payment address in the answer');
    navigateAway(url);
  };
}
