// /discord/connect (players only): where /api/discord/auth sends the browser (the thank-you modal's
// Link Discord Account). A browser navigation carries no bearer token, so this page asks for
// Discord's address with the stored session and goes there; the token never appears in a URL.

import { Loading } from '@starport/ui/loading';
import { useToast } from '@starport/ui/toast';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useApi, useNavigateAway } from '../app-providers.tsx';
import { discordMessages } from '../components/discord-link-notice.ts';
import { usePageTitle } from '../components/use-page-title.ts';
import { useLandingPath } from '../routing/tab-routes.tsx';

export function DiscordConnectPage() {
  usePageTitle('Link Discord');
  const api = useApi();
  const toast = useToast();
  const navigate = useNavigate();
  const landing = useLandingPath();
  const navigateAway = useNavigateAway();
  // Once per visit, StrictMode's second effect run included: each call makes a new single-use state.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    api.discord
      .link()
      .then(({ redirectUrl }) => navigateAway(redirectUrl))
      .catch((error: unknown) => {
        console.error(discordMessages.linkStartFailed, error);
        toast.error(discordMessages.linkStartFailed);
        void navigate(landing, { replace: true });
      });
  }, [api, navigate, navigateAway, toast, landing]);

  return (
    <div className="page container">
      <Loading label="Taking you to Discord..." />
    </div>
  );
}
