// On the admin dashboard (issue 23): what this server cannot do with Discord, and the settings that
// would let it, read from the public site settings' `discord` (the server's configuration). Nothing
// when everything is set, or when an older server does not say.

import type { DiscordAvailability } from '@starport/api-client/contract';
import { useAdminApi } from '../shared/admin-context.tsx';
import { adminQueries } from '../shared/admin-queries.ts';
import { logFailure, useAdminQuery } from '../shared/use-admin-query.ts';

/** The environment variables each part needs (the README's Discord section, server/src/config.ts). */
export const discordSettings = {
  linking: ['DISCORD_CLIENT_ID', 'DISCORD_CLIENT_SECRET'],
  roles: ['DISCORD_BOT_TOKEN', 'DISCORD_GUILD_ID'],
} as const satisfies Record<keyof DiscordAvailability, readonly string[]>;

export const discordSetupMessages = {
  linkingOff: 'Discord is not set up on this server: players cannot link Discord or sign in with it.',
  rolesOff: 'Discord tier roles are off on this server: linked players get no role for their tier.',
  setThese: 'Set these in the server’s environment (or its .env file), then restart it:',
  linking:
    'the OAuth2 client id and secret of your Discord application, whose redirect URL is PUBLIC_URL/api/discord/callback',
  roles: 'the bot’s token and the id of your Discord server, where the bot may manage the tier roles',
  readme: 'The README’s Discord section walks through each step.',
} as const;

function Names({ names }: { names: readonly string[] }) {
  return (
    <>
      <code>{names[0]}</code> and <code>{names[1]}</code>
    </>
  );
}

export function DiscordSetup() {
  const api = useAdminApi();
  const availability = useAdminQuery(
    adminQueries(api).discordAvailability(),
    logFailure('Failed to load what Discord can do on this server'),
  );
  const discord = availability.data;
  if (!discord || (discord.linking && discord.roles)) return null;
  return (
    <section className="banner banner-warning admin-problems discord-setup" aria-labelledby="discord-setup-title">
      <strong id="discord-setup-title">
        {discord.linking ? discordSetupMessages.rolesOff : discordSetupMessages.linkingOff}
      </strong>
      <p>{discordSetupMessages.setThese}</p>
      <ul>
        {discord.linking ? null : (
          <li>
            <Names names={discordSettings.linking} />: {discordSetupMessages.linking}.
          </li>
        )}
        {discord.roles ? null : (
          <li>
            <Names names={discordSettings.roles} />: {discordSetupMessages.roles}.
          </li>
        )}
      </ul>
      <p>{discordSetupMessages.readme}</p>
    </section>
  );
}
