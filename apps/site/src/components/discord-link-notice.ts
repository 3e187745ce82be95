// The outcome of a Discord linking round trip (SPEC.md §2): the server's callback sends the browser
// where a player lands (contract/tab-paths.ts landingPath), the dashboard or, while its tab is hidden,
// the home page (issue 23), with ?discord_success or ?discord_error; both pages show it with this.
import { discordLinkFailureReason } from '@starport/api-client/contract';
import { useSession } from '@starport/ui/session';
import { useToast } from '@starport/ui/toast';
import { useQueryNotice } from './use-query-notice.ts';

export const discordMessages = {
  linked: 'Discord linked successfully!',
  linkFailed: (reason: string) => `Discord linking failed: ${reason}`,
  linkStartFailed: 'Failed to initiate Discord linking',
  unlinkConfirm: 'Are you sure you want to unlink your Discord account?',
  unlinked: 'Discord account unlinked successfully',
  unlinkFailed: 'Failed to unlink Discord account',
  /** Issue 23: on a server without Discord's settings, in place of the card's note. */
  unavailable: 'Discord linking is not available on this server.',
} as const;

/** Shows the linking's outcome as a toast and refreshes the user after a success; the query is then cleared. */
export function useDiscordLinkNotice(): void {
  const { refreshUser } = useSession();
  const toast = useToast();
  useQueryNotice(['discord_success', 'discord_error'], (params) => {
    if (params.has('discord_success')) {
      toast.success(discordMessages.linked);
      void refreshUser();
      return;
    }
    // Only the fixed text for a code the server sends: the query string is anyone's to write.
    toast.error(discordMessages.linkFailed(discordLinkFailureReason(params.get('discord_error'))));
  });
}
