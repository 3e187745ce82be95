// /api/account/preferences: the player's preferences (issue 20: keep new items on the site).
import { accountPreferencesSchema } from '@starport/api-client/contract';
import { Hono } from 'hono';
import { requireUser } from '../middleware/auth.ts';
import type { AppEnv } from '../middleware/types.ts';
import { readBody } from '../middleware/validate.ts';
import { getPreferences, setPreferences } from '../services/economy/preferences.ts';

export const accountPreferenceRoutes = new Hono<AppEnv>()
  .get('/preferences', requireUser, async (c) =>
    c.json({ preferences: await getPreferences(c.get('ctx'), c.get('user').id) }),
  )
  .patch('/preferences', requireUser, async (c) => {
    const input = await readBody(c, accountPreferencesSchema);
    return c.json({ preferences: await setPreferences(c.get('ctx'), c.get('user').id, input) });
  });
