// The bench's reference: a bare Hono server doing the least each row needs — the catalogue's bytes
// from memory (the very bytes the real server sends, in each form), a hello, the purchase as raw
// prepared statements in one transaction, the site's files and their .br/.gz copies from memory.
// Each answer the form the client accepts, as the real server does. What the real server reaches is
// reported as a ratio to this, measured in the same run.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const port = Number(process.env.REF_PORT ?? 0);
const catalogue = process.env.REF_CATALOGUE ? JSON.parse(fs.readFileSync(process.env.REF_CATALOGUE, 'utf8')) : {};
const tokens = process.env.REF_TOKENS ? JSON.parse(fs.readFileSync(process.env.REF_TOKENS, 'utf8')) : {};
const siteDir = process.env.REF_SITE_DIR;

/** The form of an answer to send: brotli, then gzip, when the client names it; the plain bytes otherwise. */
function pick(c, forms) {
  const accepted = c.req.header('accept-encoding') ?? '';
  if (forms.br && /\bbr\b/.test(accepted)) return { encoding: 'br', body: forms.br };
  if (forms.gzip && /\bgzip\b/.test(accepted)) return { encoding: 'gzip', body: forms.gzip };
  return { encoding: undefined, body: forms.identity };
}

function send(c, forms, headers) {
  const { encoding, body } = pick(c, forms);
  return c.body(body, 200, {
    ...headers,
    ...(forms.br || forms.gzip ? { Vary: 'Accept-Encoding' } : {}),
    ...(encoding ? { 'Content-Encoding': encoding } : {}),
  });
}

const fromBase64 = (forms) =>
  Object.fromEntries(Object.entries(forms).map(([encoding, text]) => [encoding, Buffer.from(text, 'base64')]));
for (const p of Object.keys(catalogue)) catalogue[p] = fromBase64(catalogue[p]);

/**
 * One purchase, with every row a purchase writes (services/purchases/purchases.ts): debit if the
 * balance covers it, the credit ledger row, the purchase's record (the Purchases page), the
 * inventory entry and its item ledger row, all or nothing. Nothing else: no session, no sale or
 * coupon, no snapshot of the item, no view of the entry.
 */
async function openPurchase() {
  if (process.env.REF_SQLITE) {
    const { default: Database } = await import('better-sqlite3');
    const db = new Database(process.env.REF_SQLITE);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('busy_timeout = 5000');
    const price = db.prepare('select price_credits, name from shop_items where id = ? and is_active = 1');
    const debit = db.prepare('update users set credits = credits - ? where id = ? and credits >= ? returning credits');
    const ledger = db.prepare(
      `insert into credit_ledger (id, user_id, delta, balance_after, reason, reference, created_at)
       values (?, ?, ?, ?, 'credit_purchase', ?, ?)`,
    );
    const record = db.prepare(
      `insert into credit_purchases (id, user_id, item_id, item_name, quantity, price_credits, created_at)
       values (?, ?, ?, ?, 1, ?, ?)`,
    );
    const entry = db.prepare(
      `insert into inventory_entries (id, user_id, shop_item_id, item_snapshot, quantity, acquired_method, created_at)
       values (?, ?, ?, '{}', 1, 'credit_purchase', ?)`,
    );
    const itemLedger = db.prepare(
      `insert into item_ledger (id, user_id, item_id, entry_id, delta, reason, created_at)
       values (?, ?, ?, ?, 1, 'credit_purchase', ?)`,
    );
    const buy = db.transaction((userId, itemId) => {
      const item = price.get(itemId);
      if (!item) return null;
      const row = debit.get(item.price_credits, userId, item.price_credits);
      if (!row) return null;
      const id = crypto.randomUUID();
      const now = new Date().toISOString();
      ledger.run(crypto.randomUUID(), userId, -item.price_credits, row.credits, id, now);
      record.run(id, userId, itemId, item.name, item.price_credits, now);
      entry.run(id, userId, itemId, now);
      itemLedger.run(crypto.randomUUID(), userId, itemId, id, now);
      return row.credits;
    });
    return async (userId, itemId) => buy.immediate(userId, itemId);
  }
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: process.env.REF_PG_URL, max: 10 });
  // As few round trips as the real server makes: the debit with its ledger row, and the entry with
  // its item ledger row, each one statement (data-modifying WITH).
  return async (userId, itemId) => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const item = (
        await client.query({
          name: 'price',
          text: 'select price_credits, name from shop_items where id = $1 and is_active = 1',
          values: [itemId],
        })
      ).rows[0];
      const id = crypto.randomUUID();
      const now = new Date().toISOString();
      const row =
        item === undefined
          ? undefined
          : (
              await client.query({
                name: 'debit',
                text: `with debited as (
                         update users set credits = credits - $1 where id = $2 and credits >= $1 returning credits)
                       insert into credit_ledger (id, user_id, delta, balance_after, reason, reference, created_at)
                       select $3, $2, -$1::bigint, credits, 'credit_purchase', $4, $5 from debited
                       returning balance_after`,
                values: [item.price_credits, userId, crypto.randomUUID(), id, now],
              })
            ).rows[0];
      if (!row) {
        await client.query('rollback');
        return null;
      }
      await client.query({
        name: 'record',
        text: `insert into credit_purchases (id, user_id, item_id, item_name, quantity, price_credits, created_at)
               values ($1, $2, $3, $4, 1, $5, $6)`,
        values: [id, userId, itemId, item.name, item.price_credits, now],
      });
      await client.query({
        name: 'entry',
        text: `with entry as (
                 insert into inventory_entries (id, user_id, shop_item_id, item_snapshot, quantity, acquired_method, created_at)
                 values ($1, $2, $3, '{}', 1, 'credit_purchase', $4) returning id)
               insert into item_ledger (id, user_id, item_id, entry_id, delta, reason, created_at)
               select $5, $2, $3, id, 1, 'credit_purchase', $4 from entry`,
        values: [id, userId, itemId, now, crypto.randomUUID()],
      });
      await client.query('commit');
      return Number(row.balance_after);
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  };
}

const purchase = process.env.REF_SQLITE || process.env.REF_PG_URL ? await openPurchase() : null;
const app = new Hono();
app.get('/hello', (c) => c.text('Hello'));
app.get('/bytes/*', (c) => {
  const forms = catalogue[c.req.path.slice('/bytes'.length)];
  return forms === undefined ? c.notFound() : send(c, forms, { 'Content-Type': 'application/json' });
});
app.post('/purchase', async (c) => {
  const userId = tokens[(c.req.header('authorization') ?? '').slice('Bearer '.length)];
  if (!userId || !purchase) return c.json({ error: 'unauthorized' }, 401);
  const { itemId } = await c.req.json();
  const credits = await purchase(userId, itemId);
  return credits === null ? c.json({ error: 'insufficient' }, 400) : c.json({ credits });
});
if (siteDir) {
  // The page and the assets from memory, as the real server keeps them, each with the .br and .gz
  // the build made beside it.
  const read = (file) => (fs.existsSync(file) ? fs.readFileSync(file) : undefined);
  const formsOf = (file) => ({ identity: read(file), br: read(`${file}.br`), gzip: read(`${file}.gz`) });
  const index = formsOf(path.join(siteDir, 'index.html'));
  const assets = new Map();
  for (const name of fs.readdirSync(path.join(siteDir, 'assets'))) {
    if (!/\.(?:br|gz)$/.test(name)) assets.set(`/assets/${name}`, formsOf(path.join(siteDir, 'assets', name)));
  }
  const types = { js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8' };
  const page = (c) => send(c, index, { 'Content-Type': 'text/html; charset=utf-8' });
  app.get('/', page);
  app.get('/assets/*', (c) => {
    const forms = assets.get(c.req.path);
    if (!forms) return c.notFound();
    return send(c, forms, {
      'Content-Type': types[c.req.path.split('.').pop()] ?? 'application/octet-stream',
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
  });
  app.get('/*', page);
}
serve({ fetch: app.fetch, port }, (info) => {
  process.stdout.write(`${JSON.stringify({ msg: 'reference.listening', port: info.port })}\n`);
});
