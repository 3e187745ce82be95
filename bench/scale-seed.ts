// Seeds (once) the scale table's database of SCALE_SIZE players and prints where it is as one JSON
// line. Bundled by scale.mjs (Node 20 runs no TypeScript). See README.md, "The scale table".
//
// The schema comes from the server's own start (migrations, the starter catalogue, the configured
// administrator); the players then go in as fast as each dialect allows: SQLite one transaction of
// prepared inserts, PostgreSQL typed arrays through `insert … select from unnest(…)`, 5,000 rows a
// statement, with the triggers that tell other instances about changes (and foreign-key checks) off
// for the seeding session. Every player shares one argon2id hash of SCALE_PASSWORD: hashing a million
// passwords is not what is measured.
//
// Kept between runs, by size and schema version (the newest migration's name, and SEED_VERSION
// below): SQLite as bench/.cache/scale-<size>-<key>.sqlite, PostgreSQL as the database
// scale_<size>_<key> beside BENCH_DATABASE_URL's, each with its description in
// bench/.cache/scale-<size>-<key>.<dialect>.json, written last: without it the cache is rebuilt.
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import { openContext, prepareData } from '../server/src/boot.ts';
import { loadConfig } from '../server/src/config.ts';
import type { ShopItemRow } from '../server/src/db/database.ts';
import { BUILD_SCHEMA_VERSION } from '../server/src/db/migrate.ts';
import { hashPassword } from '../server/src/services/accounts/passwords.ts';
import { toShopItemView } from '../server/src/services/catalogue/catalogue-view.ts';

/** Raise when what this file seeds changes: every cached database is then rebuilt. */
const SEED_VERSION = 3;

export const SCALE_PASSWORD = 'scale-bench-Password-1';
export const SCALE_ADMIN = 'scale-admin@bench.test';
/** Five players at every size have names and emails that start with this word: the admin search's term. */
const FINDABLE = 'zephyrine';

const size = Number(process.env.SCALE_SIZE);
if (!Number.isInteger(size) || size < 1000) throw new Error('SCALE_SIZE must be a whole number ≥ 1000');
const cacheDir = process.env.SCALE_CACHE_DIR ?? '';
if (!cacheDir) throw new Error('SCALE_CACHE_DIR must name the cache folder');
const pgUrl = process.env.BENCH_DATABASE_URL?.trim() || '';
const key = createHash('sha256').update(`${BUILD_SCHEMA_VERSION}/${SEED_VERSION}`).digest('hex').slice(0, 10);
const name = `scale-${size}-${key}`;
const describedIn = path.join(cacheDir, `${name}.${pgUrl ? 'postgres' : 'sqlite'}.json`);
const sqliteCache = path.join(cacheDir, `${name}.sqlite`);
const pgDatabase = `scale_${size}_${key}`;

const withDatabase = (url: string, database: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
};

/** Whether the cached database is there (a description without its database is rebuilt). */
async function cached(): Promise<boolean> {
  if (!fs.existsSync(describedIn)) return false;
  if (!pgUrl) return fs.existsSync(sqliteCache);
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    return (await client.query('select 1 from pg_database where datname = $1', [pgDatabase])).rowCount === 1;
  } finally {
    await client.end();
  }
}

// ————— what is seeded: the same players on both dialects —————

const FIRST =
  'ada,aki,alex,amara,anya,bo,cai,dara,eli,emre,finn,gus,hana,ines,ivo,jae,juno,kai,kira,lea,leo,lin,luca,maya,mika,nia,nico,noor,omar,oona,pia,quin,ravi,rhea,rio,sami,sana,tao,tess,theo,uma,vera,wren,yara,yuki,zara,zoe'.split(
    ',',
  );
const SECOND =
  'nova,orbit,comet,drift,ember,flux,halo,ion,jet,lumen,meteor,nebula,pulsar,quasar,rocket,solar,star,tide,vector,void,warp,zenith'.split(
    ',',
  );
const DOMAINS = ['example.com', 'mail.test', 'pilots.test', 'starmail.test', 'inbox.test'];
const DAY = 86_400_000;
/** Players joined over four years, up to a fixed day (so every size and run sees the same data). */
const LAST_JOIN = Date.parse('2026-11-01T00:00:00.000Z');
const seededAt = Date.now();
const SPAN = 4 * 365 * DAY;

/** A small, fast, repeatable random stream. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Player {
  id: string;
  email: string;
  username: string;
  credits: number;
  tierIndex: number | null;
  discordId: string | null;
  discordUsername: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Which players carry the findable word: five, spread over the range. */
const findableAt = new Set(Array.from({ length: 5 }, (_, k) => Math.floor(((k + 0.5) * size) / 5)));

function player(i: number, rand: () => number): Player {
  const first = FIRST[i % FIRST.length] as string;
  const second = SECOND[Math.floor(i / FIRST.length) % SECOND.length] as string;
  const base = findableAt.has(i) ? `${FINDABLE}_${first}` : `${first}${second}`;
  const username = `${base}${i}`;
  const created = LAST_JOIN - Math.floor(((size - i) / size) * SPAN) + Math.floor(rand() * 3_600_000);
  const touched = Math.min(LAST_JOIN, created + Math.floor(rand() * 200 * DAY));
  const linked = rand() < 0.3;
  const r = rand();
  return {
    id: randomUUID(),
    email: `${username}@${DOMAINS[i % DOMAINS.length]}`,
    username: i % 7 === 0 ? username[0]?.toUpperCase() + username.slice(1) : username,
    // Most hold nothing, some a little, a few a lot.
    credits: r < 0.55 ? 0 : r < 0.95 ? Math.floor(rand() * 2000) : Math.floor(rand() * 100_000),
    tierIndex: rand() < 0.05 ? Math.floor(rand() * 3) : null,
    discordId: linked ? `${100_000_000_000 + i}${String(Math.floor(rand() * 1e6)).padStart(6, '0')}` : null,
    discordUsername: linked ? `${first}.${second}${i % 1000}` : null,
    createdAt: new Date(created).toISOString(),
    updatedAt: new Date(touched).toISOString(),
  };
}

/** A column's PostgreSQL type for `unnest`: text unless said otherwise. */
type Columns = Record<string, 'text' | 'bigint' | 'integer'>;

interface Sink {
  table(table: string, columns: Columns): (row: unknown[]) => Promise<void>;
  finish(): Promise<void>;
}

function sqliteSink(file: string): Sink {
  const db = new Sqlite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -262144');
  db.exec('begin');
  return {
    table(table, columns) {
      const names = Object.keys(columns);
      const insert = db.prepare(
        `insert into ${table} (${names.join(', ')}) values (${names.map(() => '?').join(', ')})`,
      );
      return async (row) => {
        insert.run(row);
      };
    },
    async finish() {
      db.exec('commit');
      db.pragma('wal_checkpoint(TRUNCATE)');
      db.close();
    },
  };
}

async function postgresSink(url: string): Promise<Sink> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // The seeding session only: no change notices (no server listens yet) and no foreign-key triggers.
  await client.query('set session_replication_role = replica');
  await client.query('set synchronous_commit = off');
  await client.query('begin');
  const flushes: Array<() => Promise<void>> = [];
  return {
    table(table, columns) {
      const names = Object.keys(columns);
      const batch: unknown[][] = names.map(() => []);
      let count = 0;
      const text = `insert into ${table} (${names.join(', ')}) select * from unnest(${names
        .map((n, i) => `$${i + 1}::${columns[n]}[]`)
        .join(', ')})`;
      const flush = async () => {
        if (count === 0) return;
        await client.query(text, batch);
        for (const column of batch) column.length = 0;
        count = 0;
      };
      flushes.push(flush);
      return async (row) => {
        for (let c = 0; c < row.length; c += 1) batch[c]?.push(row[c]);
        count += 1;
        if (count >= 5000) await flush();
      };
    },
    async finish() {
      for (const flush of flushes) await flush();
      await client.query('commit');
      await client.query('vacuum analyze');
      await client.end();
    },
  };
}

async function seedPlayers(
  sink: Sink,
  catalogue: { tiers: Array<{ id: string; price_cents: number }>; items: ShopItemRow[] },
) {
  const passwordHash = await hashPassword(SCALE_PASSWORD);
  const users = sink.table('users', {
    id: 'text',
    email: 'text',
    email_normalized: 'text',
    username: 'text',
    username_normalized: 'text',
    password_hash: 'text',
    credits: 'bigint',
    is_admin: 'integer',
    current_tier_id: 'text',
    discord_id: 'text',
    discord_username: 'text',
    created_at: 'text',
    updated_at: 'text',
    last_login_at: 'text',
  });
  const ledger = sink.table('credit_ledger', {
    id: 'text',
    user_id: 'text',
    delta: 'bigint',
    balance_after: 'bigint',
    reason: 'text',
    reference: 'text',
    actor_id: 'text',
    created_at: 'text',
  });
  const inventory = sink.table('inventory_entries', {
    id: 'text',
    user_id: 'text',
    shop_item_id: 'text',
    item_snapshot: 'text',
    quantity: 'bigint',
    acquired_method: 'text',
    delivered_to_game: 'integer',
    delivered_at: 'text',
    created_at: 'text',
  });
  const subscriptions = sink.table('subscriptions', {
    id: 'text',
    user_id: 'text',
    provider: 'text',
    provider_subscription_id: 'text',
    tier_id: 'text',
    price_cents: 'bigint',
    status: 'text',
    current_period_end: 'text',
    cancel_at_period_end: 'integer',
    synced_at: 'text',
    created_at: 'text',
    updated_at: 'text',
  });
  const sessions = sink.table('sessions', {
    token_hash: 'text',
    user_id: 'text',
    created_at: 'text',
    last_seen_at: 'text',
    expires_at: 'text',
    user_agent: 'text',
  });
  const snapshots = catalogue.items.map((item) => JSON.stringify(toShopItemView(item)));
  const rand = random(18);
  const counts = { users: 0, ledger: 0, inventory: 0, subscriptions: 0, sessions: 0 };
  const samples: Array<{ id: string; email: string }> = [];
  const sampleEvery = Math.max(1, Math.floor(size / 400));
  for (let i = 0; i < size; i += 1) {
    const p = player(i, rand);
    const tier = p.tierIndex === null ? null : catalogue.tiers[p.tierIndex % catalogue.tiers.length];
    // Every bench account that buys holds enough for any run.
    const sample = i % sampleEvery === 0 && samples.length < 400;
    const credits = sample ? 1_000_000_000 : p.credits;
    // One in five has a session: most seen in the last days (before the seeding), some long idle
    // (the periodic purge's work). Its start is the player's last sign-in; two in five others signed
    // in long ago, the rest before sign-ins were recorded.
    const seen =
      rand() < 0.2 ? (rand() < 0.8 ? seededAt - Math.floor(rand() * 5 * DAY) : Date.parse(p.updatedAt)) : null;
    const signedIn = seen === null ? null : Math.max(Date.parse(p.createdAt), seen - 7 * DAY);
    const lastLogin = signedIn ?? (rand() < 0.4 ? Date.parse(p.updatedAt) : null);
    await users([
      p.id,
      p.email,
      p.email.toLowerCase(),
      p.username,
      p.username.toLowerCase(),
      passwordHash,
      credits,
      0,
      tier?.id ?? null,
      p.discordId,
      p.discordUsername,
      p.createdAt,
      p.updatedAt,
      lastLogin === null ? null : new Date(lastLogin).toISOString(),
    ]);
    counts.users += 1;
    if (sample) samples.push({ id: p.id, email: p.email });
    const balance = 0;
    // A grant of what they hold, and for one in ten a few purchases before it.
    if (rand() < 0.1 && catalogue.items.length > 0) {
      const bought = 1 + Math.floor(rand() * 4);
      for (let k = 0; k < bought; k += 1) {
        const index = Math.floor(rand() * catalogue.items.length);
        const item = catalogue.items[index] as ShopItemRow;
        const at = new Date(Date.parse(p.createdAt) + (k + 1) * DAY).toISOString();
        const entryId = randomUUID();
        const price = Number(item.price_credits);
        const delivered = rand() < 0.8;
        await ledger([randomUUID(), p.id, price, balance + price, 'admin_adjustment', null, null, at]);
        await ledger([randomUUID(), p.id, -price, balance, 'credit_purchase', entryId, null, at]);
        await inventory([
          entryId,
          p.id,
          item.id,
          snapshots[index],
          1,
          'credit_purchase',
          delivered ? 1 : 0,
          delivered ? at : null,
          at,
        ]);
        counts.ledger += 2;
        counts.inventory += 1;
      }
    }
    if (credits > 0) {
      await ledger([randomUUID(), p.id, credits, credits, 'admin_adjustment', null, null, p.updatedAt]);
      counts.ledger += 1;
    }
    if (tier) {
      await subscriptions([
        randomUUID(),
        p.id,
        // Stripe's, as in production: Stripe renews them (the sandbox's own would be renewed by this
        // server at start, every one of them, during the measurement).
        'stripe',
        `sub_scale_${i}`,
        tier.id,
        tier.price_cents,
        'active',
        new Date(Date.now() + (1 + (i % 30)) * DAY).toISOString(),
        0,
        p.updatedAt,
        p.createdAt,
        p.updatedAt,
      ]);
      counts.subscriptions += 1;
    }
    if (seen !== null && signedIn !== null) {
      await sessions([
        createHash('sha256').update(p.id).digest('hex'),
        p.id,
        new Date(signedIn).toISOString(),
        new Date(seen).toISOString(),
        new Date(signedIn + 30 * DAY).toISOString(),
        'Mozilla/5.0 (bench)',
      ]);
      counts.sessions += 1;
    }
  }
  return { counts, samples };
}

async function main() {
  if (await cached()) {
    process.stdout.write(`${JSON.stringify({ ...JSON.parse(fs.readFileSync(describedIn, 'utf8')), cached: true })}\n`);
    return;
  }
  fs.mkdirSync(cacheDir, { recursive: true });
  const began = performance.now();
  const building = `${name}.building`;
  const buildDir = path.join(cacheDir, building);
  fs.rmSync(buildDir, { recursive: true, force: true });
  fs.mkdirSync(buildDir, { recursive: true });
  let buildUrl = '';
  if (pgUrl) {
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${pgDatabase}_building`);
    await admin.query(`drop database if exists ${pgDatabase}`);
    await admin.query(`create database ${pgDatabase}_building`);
    await admin.end();
    buildUrl = withDatabase(pgUrl, `${pgDatabase}_building`);
  }
  // The server's own start: migrations, the starter catalogue, the administrator.
  const config = loadConfig({
    ...process.env,
    DATA_DIR: buildDir,
    DATABASE_URL: buildUrl,
    SEED_CATALOGUE: 'true',
    ADMIN_EMAIL: SCALE_ADMIN,
    ADMIN_PASSWORD: SCALE_PASSWORD,
    LOG_LEVEL: 'warn',
  } as Record<string, string>);
  const { ctx, database } = await openContext(config);
  await prepareData(ctx);
  const tiers = await ctx.db.selectFrom('tiers').select(['id', 'price_cents']).orderBy('display_order').execute();
  const items = await ctx.db
    .selectFrom('shop_items')
    .selectAll()
    .where('is_active', '=', 1)
    .where('category', '!=', 'credits')
    .where('price_credits', '>', 0)
    .where('tier_exclusive_id', 'is', null)
    .orderBy('price_credits')
    .execute();
  await database.close();
  const schemaSeconds = (performance.now() - began) / 1000;

  const sink = pgUrl ? await postgresSink(buildUrl) : sqliteSink(path.join(buildDir, 'starport.sqlite'));
  const { counts, samples } = await seedPlayers(sink, {
    tiers: tiers.map((t) => ({ id: t.id, price_cents: Number(t.price_cents) })),
    items,
  });
  await sink.finish();

  if (pgUrl) {
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`alter database ${pgDatabase}_building rename to ${pgDatabase}`);
    await admin.end();
  } else {
    fs.renameSync(path.join(buildDir, 'starport.sqlite'), sqliteCache);
  }
  fs.rmSync(buildDir, { recursive: true, force: true });
  const description = {
    size,
    dialect: pgUrl ? 'postgres' : 'sqlite',
    ...(pgUrl ? { database: pgDatabase } : { file: sqliteCache }),
    schema: BUILD_SCHEMA_VERSION,
    password: SCALE_PASSWORD,
    admin: SCALE_ADMIN,
    searchTerm: FINDABLE,
    itemId: items[0]?.id,
    counts,
    samples,
    seedSeconds: Number(((performance.now() - began) / 1000).toFixed(1)),
    schemaSeconds: Number(schemaSeconds.toFixed(1)),
  };
  fs.writeFileSync(describedIn, `${JSON.stringify(description)}\n`);
  process.stdout.write(`${JSON.stringify({ ...description, cached: false })}\n`);
}

await main();
