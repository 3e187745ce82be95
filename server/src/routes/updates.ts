// /api/updates: the published news posts, for everyone (bodies rendered to sanitised HTML); and
// /api/admin/updates: the admins' posts (Markdown source), with a preview through the same renderer.
import {
  previewUpdateRequestSchema,
  updateChangeSchema,
  updateInputSchema,
  updatesQuerySchema,
} from '@starport/api-client/contract';
import { Hono } from 'hono';
import { requireAdmin } from '../middleware/auth.ts';
import type { AppEnv } from '../middleware/types.ts';
import { readBody, readQuery } from '../middleware/validate.ts';
import {
  changeUpdate,
  createUpdate,
  getPublicUpdate,
  getUpdateForAdmin,
  listPublicUpdates,
  listUpdatesForAdmin,
  previewMarkdown,
  removeUpdate,
} from '../services/community/updates.ts';

export const updateRoutes = new Hono<AppEnv>()
  .get('/', async (c) => c.json(await listPublicUpdates(c.get('ctx'), readQuery(c, updatesQuerySchema))))
  .get('/:slug', async (c) => c.json({ update: await getPublicUpdate(c.get('ctx'), c.req.param('slug')) }));

export const adminUpdateRoutes = new Hono<AppEnv>()
  .use('*', requireAdmin)
  .get('/', async (c) => c.json(await listUpdatesForAdmin(c.get('ctx'), readQuery(c, updatesQuerySchema))))
  .post('/', async (c) => {
    const input = await readBody(c, updateInputSchema);
    return c.json({ update: await createUpdate(c.get('ctx'), c.get('user').id, input) }, 201);
  })
  .post('/preview', async (c) => c.json(previewMarkdown((await readBody(c, previewUpdateRequestSchema)).body)))
  .get('/:id', async (c) => c.json({ update: await getUpdateForAdmin(c.get('ctx'), c.req.param('id')) }))
  .patch('/:id', async (c) => {
    const change = await readBody(c, updateChangeSchema);
    return c.json({ update: await changeUpdate(c.get('ctx'), c.get('user').id, c.req.param('id'), change) });
  })
  .delete('/:id', async (c) =>
    c.json({ update: await removeUpdate(c.get('ctx'), c.get('user').id, c.req.param('id')) }),
  );
