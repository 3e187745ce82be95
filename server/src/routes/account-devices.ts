// /api/account/sessions: the player's signed-in devices, signing out one, or every other.
import { Hono } from 'hono';
import { requireUser } from '../middleware/auth.ts';
import type { AppEnv } from '../middleware/types.ts';
import { listDevices, signOutDevice, signOutOtherDevices } from '../services/accounts/devices.ts';

export const accountDeviceRoutes = new Hono<AppEnv>()
  .get('/sessions', requireUser, async (c) =>
    c.json({ sessions: await listDevices(c.get('ctx'), c.get('user').id, c.get('tokenHash')) }),
  )
  .post('/sessions/sign-out-others', requireUser, async (c) =>
    c.json({ signedOut: await signOutOtherDevices(c.get('ctx'), c.get('user').id, c.get('tokenHash')) }),
  )
  .delete('/sessions/:id', requireUser, async (c) =>
    c.json({ signedOut: await signOutDevice(c.get('ctx'), c.get('user').id, c.req.param('id')) }),
  );
