// The Account page's Items (issue 20): whether new items (purchases, gifts, mail) stay on the site
// until sent, or go to the game at once as before. A kept item can be gifted or traded.
import { ApiError } from '@starport/api-client/client';
import { useToast } from '@starport/ui/toast';
import { useEffect, useId, useState } from 'react';
import { useApi } from '../../app-providers.tsx';
import { AccountSection } from './account-section.tsx';

export const itemsMessages = {
  label: 'Keep new items on site',
  hint: 'New items wait on the site until you send them from your inventory, so you can gift or trade them first. Off: they go to the game at once.',
  kept: 'New items will stay on the site',
  sent: 'New items will go to the game at once',
  failed: 'Could not save the preference',
} as const;

export function ItemsSection() {
  const api = useApi();
  const toast = useToast();
  const id = useId();
  const [keep, setKeep] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    api.account
      .preferences()
      .then(({ preferences }) => current && setKeep(preferences.keepNewItemsOnSite))
      .catch(() => current && setKeep(false));
    return () => {
      current = false;
    };
  }, [api]);

  async function change(next: boolean) {
    setBusy(true);
    setKeep(next);
    try {
      const { preferences } = await api.account.setPreferences({ keepNewItemsOnSite: next });
      setKeep(preferences.keepNewItemsOnSite);
      toast.success(preferences.keepNewItemsOnSite ? itemsMessages.kept : itemsMessages.sent);
    } catch (error) {
      setKeep(!next);
      toast.error(error instanceof ApiError ? error.message : itemsMessages.failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AccountSection id="items" title="Items">
      <div className="field field-checkbox">
        <label className="account-check" htmlFor={id}>
          <input
            id={id}
            type="checkbox"
            checked={keep ?? false}
            disabled={keep === null || busy}
            aria-describedby={`${id}-hint`}
            onChange={(event) => change(event.target.checked)}
          />
          <span>{itemsMessages.label}</span>
        </label>
        <p id={`${id}-hint`} className="field-hint">
          {itemsMessages.hint}
        </p>
      </div>
    </AccountSection>
  );
}
