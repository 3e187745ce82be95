// Real server processes for the resilience tests: the built server (its own dist-test-… folder), a
// purchase storm over HTTP, and the "no drift" invariants a storm must leave in a database.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../src/db/database.ts';
import { sumLedger } from '../../src/db/repositories/credits.ts';
import { addCategory, addItem, grantCredits } from './catalogue-factories.ts';
import { registerPlayer } from './http.ts';
import type { TestHarness } from './test-context.ts';

export const serverDir = path.resolve(import.meta.dirname, '../..');

/**
 * Builds the server and the admin CLI into server/OUTDIR and returns its path. Each test file uses
 * its own folder: another file may build and delete its copy while this one runs.
 */
export function buildServer(outdir: string): string {
  execFileSync(process.execPath, ['scripts/build.mjs', `--outdir=${outdir}`], { cwd: serverDir });
  return path.join(serverDir, outdir);
}

export function removeBuild(outdir: string): void {
  fs.rmSync(path.join(serverDir, outdir), { recursive: true, force: true });
}

export interface Running {
  child: ChildProcess;
  url: string;
  output: () => string;
}

/** Starts the built server (BUILD/index.js) on the harness's database and resolves once it listens. */
export function startServer(build: string, h: TestHarness): Promise<Running> {
  const child = spawn(process.execPath, [path.join(build, 'index.js')], {
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: h.dataDir,
      DATABASE_URL: h.databaseUrl,
      SITE_DIR: path.join(h.dataDir, 'no-site'),
      SEED_CATALOGUE: 'false',
      LOG_LEVEL: 'info',
      STRIPE_SECRET_KEY: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 15_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /"msg":"server\.listening".*?"port":(\d+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: `http://127.0.0.1:${match[1]}`, output: () => out });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
}

export function stopServer(running: Running, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    if (running.child.exitCode !== null || running.child.signalCode !== null) return resolve();
    running.child.once('exit', () => resolve());
    running.child.kill(signal);
  });
}

export interface Buyer {
  id: string;
  token: string;
}

export const PRICE = 10;

/** One item at PRICE credits, and `buyers` players holding `credits` each. */
export async function setUpStorm(h: TestHarness, buyers: number, credits: number) {
  await addCategory(h, { slug: 'ships' });
  const item = await addItem(h, { name: 'Storm Drone', price_credits: PRICE, discount: 0 });
  const list: Buyer[] = [];
  for (let i = 0; i < buyers; i += 1) {
    const player = await registerPlayer(h);
    await grantCredits(h, player.user._id, credits);
    list.push({ id: player.user._id, token: player.token });
  }
  return { itemId: item.id, buyers: list };
}

/** Each buyer buys in a loop until out of credits, the server is gone, or `stop()` says so. */
export async function storm(
  urls: string[],
  itemId: string,
  buyers: Buyer[],
  statuses: number[],
  stop = () => false,
): Promise<void> {
  await Promise.all(
    buyers.map(async (buyer, index) => {
      const url = urls[index % urls.length];
      for (;;) {
        if (stop()) return;
        let status: number;
        try {
          const res = await fetch(`${url}/api/shop/purchase`, {
            method: 'POST',
            headers: { Authorization: `Bearer ${buyer.token}`, 'Content-Type': 'application/json' },
            body: JSON.stringify({ itemId, quantity: 1 }),
          });
          status = res.status;
          await res.text();
        } catch {
          return; // The process was killed under us.
        }
        statuses.push(status);
        if (status !== 200) return;
      }
    }),
  );
}

/** The invariants: balance = ledger and never below 0, one debit per inventory row and back. */
export async function expectNoDrift(db: Kysely<Database>, buyers: Buyer[], credits: number): Promise<void> {
  for (const buyer of buyers) {
    const user = await db.selectFrom('users').select('credits').where('id', '=', buyer.id).executeTakeFirstOrThrow();
    const balance = Number(user.credits);
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(await sumLedger(db, buyer.id)).toBe(balance);
    const debits = await db
      .selectFrom('credit_ledger')
      .select(['reference', 'delta'])
      .where('user_id', '=', buyer.id)
      .where('reason', '=', 'credit_purchase')
      .execute();
    const entries = await db
      .selectFrom('inventory_entries')
      .select('id')
      .where('user_id', '=', buyer.id)
      .where('acquired_method', '=', 'credit_purchase')
      .execute();
    expect(debits.map((d) => d.reference).sort()).toEqual(entries.map((e) => e.id).sort());
    expect(debits.every((d) => Number(d.delta) === -PRICE)).toBe(true);
    expect(balance).toBe(credits - PRICE * entries.length);
  }
}
