// The Account page's Leaderboards: "Show me on leaderboards" (on by default). Off, the boards show
// the player as "Anonymous pilot" with their rank, and a search by name does not find them.
import { ApiError } from '@starport/api-client/client';
import { useToast } from '@starport/ui/toast';
import { useEffect, useState } from 'react';
import { useApi } from '../../app-providers.tsx';
import { AccountSection } from './account-section.tsx';

export const privacyMessages = {
  label: 'Show me on leaderboards',
  hint: 'When off, the leaderboards show you as “Anonymous pilot” with your rank, and nobody finds you by name.',
  shown: 'You are shown on the leaderboards by name.',
  hidden: 'You are shown on the leaderboards as Anonymous pilot.',
  failed: 'Could not change your leaderboard setting',
  loadFailed: 'Your leaderboard setting could not be loaded.',
} as const;

export function LeaderboardPrivacySection() {
  const api = useApi();
  const toast = useToast();
  const [show, setShow] = useState<boolean | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    api.leaderboard
      .privacy()
      .then((answer) => {
        if (current) setShow(answer.showOnLeaderboards);
      })
      .catch((error: unknown) => {
        if (!current) return;
        console.error('Failed to load the leaderboard setting', error);
        setFailed(true);
      });
    return () => {
      current = false;
    };
  }, [api]);

  async function change(next: boolean) {
    setBusy(true);
    try {
      const answer = await api.leaderboard.setPrivacy(next);
      setShow(answer.showOnLeaderboards);
      toast.success(answer.showOnLeaderboards ? privacyMessages.shown : privacyMessages.hidden);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : privacyMessages.failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AccountSection id="leaderboards" title="Leaderboards" lead={privacyMessages.hint}>
      {failed ? (
        <p className="account-section-lead">{privacyMessages.loadFailed}</p>
      ) : (
        <label className="account-check">
          <input
            type="checkbox"
            checked={show ?? true}
            disabled={show === null || busy}
            aria-busy={busy || undefined}
            onChange={(event) => change(event.target.checked)}
          />
          <span>{privacyMessages.label}</span>
        </label>
      )}
    </AccountSection>
  );
}
