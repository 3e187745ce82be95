// The Account page's Your data: everything the store keeps about the player, downloaded as a JSON file.
import { ApiError } from '@starport/api-client/client';
import { saveFile } from '@starport/ui/save-file';
import { useToast } from '@starport/ui/toast';
import { useState } from 'react';
import { useApi } from '../../app-providers.tsx';
import { AccountSection } from './account-section.tsx';

export const dataMessages = {
  download: 'Download your data',
  preparing: 'Preparing...',
  downloaded: 'Your data has been downloaded.',
  failed: 'Could not download your data',
} as const;

export function YourDataSection() {
  const api = useApi();
  const toast = useToast();
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    try {
      const { blob, fileName } = await api.account.exportData();
      saveFile(blob, fileName);
      toast.success(dataMessages.downloaded);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : dataMessages.failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AccountSection
      id="your-data"
      title="Your data"
      lead="Download everything Starport stores about you as one JSON file: your account and Discord link, inventory and deliveries, credit history, payments and subscriptions, mail, gifts and the history of your items, preferences and signed-in devices."
    >
      <div className="account-actions">
        <button
          type="button"
          className="btn btn-secondary"
          onClick={download}
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {busy ? dataMessages.preparing : dataMessages.download}
        </button>
      </div>
    </AccountSection>
  );
}
