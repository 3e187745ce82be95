// /api/status: whether the game is alive, for the home page and the dashboard: the players online
// on the game servers heard from in the last two minutes.
import { Hono } from 'hono';
import type { AppEnv } from '../middleware/types.ts';
import { getGameStatus } from '../services/game/heartbeats.ts';

export const statusRoutes = new Hono<AppEnv>().get('/', async (c) => c.json(await getGameStatus(c.get('ctx'))));
