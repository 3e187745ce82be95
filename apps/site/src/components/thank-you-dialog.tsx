// The thank-you modal of SPEC.md §2 after a subscription payment: the administrator's message (or a
// default one), Link Discord Account for players without Discord, and Continue to Dashboard.
import type { User } from '@starport/api-client/contract';
import { Dialog } from '@starport/ui/dialog';
import { useRef } from 'react';
import { useSiteSettings } from '../site-settings.tsx';
import { DiscordIcon } from './icons.tsx';

export const thankYouMessages = {
  title: 'Thank you for your support!',
  defaultText:
    'Your supporter tier is active. Every month of it keeps the Starport servers running and the fleet growing. See you among the stars, commander!',
  linkDiscord: 'Link Discord Account',
  discordHint: 'Link your Discord account to receive your supporter role on our server.',
  /** Issue 23: in place of the hint on a server without Discord's settings; the button is disabled. */
  discordUnavailable: 'Discord linking is not available on this server.',
  continue: 'Continue to Dashboard',
} as const;

/** SPEC.md §7: a browser navigation, which the server hands to the signed-in linking page. */
export const DISCORD_AUTH_PATH = '/api/discord/auth';

export interface ThankYouDialogProps {
  open: boolean;
  /** The administrator's thank-you message; blank means the default text. */
  message: string;
  user: User | null;
  onLinkDiscord: () => void;
  onContinue: () => void;
}

export function ThankYouDialog({ open, message, user, onLinkDiscord, onContinue }: ThankYouDialogProps) {
  const continueRef = useRef<HTMLButtonElement>(null);
  const text = message.trim() ? message : thankYouMessages.defaultText;
  const tierName = user?.currentTier?.name;
  const needsDiscord = Boolean(user) && !user?.discordId;
  const discordAvailable = useSiteSettings().discord.linking;
  return (
    <Dialog
      open={open}
      title={thankYouMessages.title}
      onClose={onContinue}
      initialFocusRef={continueRef}
      className="thank-you-dialog"
      actions={
        <>
          {needsDiscord ? (
            <button
              type="button"
              className="btn btn-secondary thank-you-discord"
              onClick={onLinkDiscord}
              disabled={!discordAvailable}
              aria-describedby={discordAvailable ? undefined : 'thank-you-discord-hint'}
            >
              <DiscordIcon />
              {thankYouMessages.linkDiscord}
            </button>
          ) : null}
          <button ref={continueRef} type="button" className="btn btn-primary" onClick={onContinue}>
            {thankYouMessages.continue}
          </button>
        </>
      }
    >
      <div className="thank-you-emblem" aria-hidden="true">
        ★
      </div>
      {tierName ? (
        <p className="thank-you-tier">
          You are now a <strong>{tierName}</strong> supporter.
        </p>
      ) : null}
      {/* The admin's message is plain text; its line breaks are kept by the stylesheet. */}
      <p className="thank-you-message">{text}</p>
      {needsDiscord ? (
        <p id="thank-you-discord-hint" className="thank-you-hint">
          {discordAvailable ? thankYouMessages.discordHint : thankYouMessages.discordUnavailable}
        </p>
      ) : null}
    </Dialog>
  );
}
