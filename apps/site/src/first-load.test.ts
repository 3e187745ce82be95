// @vitest-environment node
// What a phone downloads on its first visit to each public and player page: the entry chunk, the
// page's own chunk (every page is split, see routes.tsx; its HTML preloads it) and the chunks those
// import. Built here with the site's own Vite config (no files written), then weighed compressed as
// the server sends it (brotli, and gzip -9 for a browser without brotli) against the budget
// of 100 KB (see BUDGET), and searched for what must not
// be there: full zod (the contract's schemas in zod classic) and any admin code. The entry itself has
// no zod at all; zod/mini comes with the pages that validate a form. `npm run bench` reports the
// same, measured in Chromium by Lighthouse.
import path from 'node:path';
import zlib from 'node:zlib';
import type { OutputChunk, RolldownOutput } from 'rolldown';
import { build } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';
import { SHELL_PAGES, SIGNED_IN_MODULES, STARTUP_MODULES } from './shell-pages';

/**
 * The 100 KB, in brotli (what every current browser is sent, and what Lighthouse weighs) and
 * in gzip (for a client without brotli) alike. What every page shares is about 91 KB of gzip: the
 * entry with React and the router, and React DOM's renderer in render-app.tsx's chunk (some 65 KB,
 * every page's HTML preloads it, see STARTUP_MODULES); what it leaves out to stay there: every
 * page's code and its shell (each comes with its page's chunk, see routes.tsx), and the notification
 * bell with its feed of notices (a chunk of its own, fetched only for a signed-in player, see
 * notifications/bell-slot.tsx). The modules the entry loads are one chunk (vite.config.ts). The
 * largest of the six pages Lighthouse measures, the shop, is at about 99.8 KB gzip and 87 KB brotli.
 */
const BUDGET = { brotli: 100 * 1024, gzip: 100 * 1024 };
const siteRoot = path.resolve(import.meta.dirname, '..');
const pages = ['home', 'shop', 'tiers', 'login', 'register', 'dashboard', 'inventory', 'account/account-page'];
/** Every other page of a player's (routes.tsx): kept free of full zod and admin code too. */
const otherPages = [
  'forgot-password',
  'reset-password',
  'verify-email',
  'leaderboard',
  'updates',
  'update-post',
  'account/account-deleted-page',
  'trade',
  'purchases',
  'receipt',
  'checkout',
  'billing',
  'discord-connect',
  'not-found',
];
const encoders = {
  brotli: (code: string) => zlib.brotliCompressSync(Buffer.from(code)).length,
  gzip: (code: string) => zlib.gzipSync(Buffer.from(code), { level: 9 }).length,
};
/**
 * Register and the Account page check their forms (email, username, passwords, codes) with the
 * contract's zod/mini schemas as the player types (login checks without zod, see checkLogin):
 * zod/mini and the schemas are 14 KB of gzip of their download. That keeps register at about 110 KB
 * gzip (its brotli, 96 KB, is within), and the Account page, which also carries its seven sections
 * (Items and Leaderboards among them) and deletes an account in a dialog, at about 103 KB brotli and
 * 120 KB gzip with the bell. Neither is a page a visitor lands on first.
 */
const overBudget: Record<string, Partial<Record<keyof typeof encoders, number>>> = {
  register: { gzip: 112 * 1024 },
  'account/account-page': { brotli: 106 * 1024, gzip: 122 * 1024 },
};

let chunks: OutputChunk[] = [];

beforeAll(async () => {
  // Vitest runs with NODE_ENV=test, which Vite would build React's development code for.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  const output = (await build({
    root: siteRoot,
    configFile: path.join(siteRoot, 'vite.config.ts'),
    logLevel: 'silent',
    mode: 'production',
    build: { write: false, manifest: false },
  }).finally(() => {
    process.env.NODE_ENV = nodeEnv;
  })) as RolldownOutput;
  chunks = output.output.filter((item): item is OutputChunk => item.type === 'chunk');
}, 120_000);

function chunkNamed(fileName: string): OutputChunk {
  const chunk = chunks.find((c) => c.fileName === fileName);
  if (!chunk) throw new Error(`No chunk ${fileName}`);
  return chunk;
}

/** A chunk and every chunk it imports statically (what loads with it). */
function withImports(chunk: OutputChunk, seen = new Map<string, OutputChunk>()): Map<string, OutputChunk> {
  if (seen.has(chunk.fileName)) return seen;
  seen.set(chunk.fileName, chunk);
  for (const file of chunk.imports) withImports(chunkNamed(file), seen);
  return seen;
}

function entry(): OutputChunk {
  const found = chunks.find((c) => c.isEntry);
  if (!found) throw new Error('No entry chunk');
  return found;
}

function pageChunk(page: string): OutputChunk {
  const found = chunks.find((c) => c.facadeModuleId?.endsWith(`/src/pages/${page}.tsx`));
  if (!found) throw new Error(`No chunk of its own for the ${page} page`);
  return found;
}

/** The pages only a signed-in player sees (`page` as in `pages`): their HTML also preloads SIGNED_IN_MODULES. */
const signedInPages = new Set(
  SHELL_PAGES.filter((p) => p.signedIn).map((p) => p.module.replace(/^src\/pages\//, '').replace(/\.tsx$/, '')),
);

function moduleChunk(module: string): OutputChunk {
  const found = chunks.find((c) => c.facadeModuleId?.endsWith(`/${module}`));
  if (!found) throw new Error(`No chunk of its own for ${module}`);
  return found;
}

/** The chunks a first visit to `page` loads: what its HTML preloads (src/shell-pages.ts) and the entry. */
function firstLoad(page: string): OutputChunk[] {
  const all = withImports(entry());
  for (const module of STARTUP_MODULES) withImports(moduleChunk(module), all);
  withImports(pageChunk(page), all);
  if (signedInPages.has(page)) for (const module of SIGNED_IN_MODULES) withImports(moduleChunk(module), all);
  return [...all.values()];
}

const modulesOf = (loaded: OutputChunk[]) => loaded.flatMap((c) => c.moduleIds);

const compressed = new Map<string, number>();
/** Each chunk's compressed size, the chunks by name: a failure says which chunk grew. */
function sizesOf(loaded: OutputChunk[], encoding: keyof typeof encoders): Record<string, number> {
  const sizes: Record<string, number> = {};
  for (const chunk of loaded) {
    const key = `${encoding} ${chunk.fileName}`;
    let size = compressed.get(key);
    if (size === undefined) {
      size = encoders[encoding](chunk.code);
      compressed.set(key, size);
    }
    sizes[chunk.fileName] = size;
  }
  return sizes;
}
const total = (sizes: Record<string, number>) => Object.values(sizes).reduce((sum, n) => sum + n, 0);

describe("a player's first load", () => {
  it.each(pages)('%s: within 100 KB in brotli and in gzip', { timeout: 30_000 }, (page) => {
    for (const encoding of ['brotli', 'gzip'] as const) {
      const sizes = sizesOf(firstLoad(page), encoding);
      const budget = overBudget[page]?.[encoding] ?? BUDGET[encoding];
      expect(total(sizes), `${encoding} ${JSON.stringify(sizes)}`).toBeLessThanOrEqual(budget);
    }
  });

  it.each([...pages, ...otherPages])('%s: no full zod and no admin code', (page) => {
    const modules = modulesOf(firstLoad(page));
    expect(modules.filter((id) => id.includes('/zod/v4/classic/'))).toEqual([]);
    expect(modules.filter((id) => /\/admin[/.-]|admin\.tsx$/.test(id))).toEqual([]);
    // Nor the API client's admin calls (@starport/api-client/admin-client, which the admin screens add).
    expect(
      firstLoad(page)
        .filter((chunk) => chunk.code.includes('/admin/stats'))
        .map((c) => c.fileName),
    ).toEqual([]);
  });

  it('the entry carries no zod at all, no page, no shell and no notification bell', () => {
    const modules = modulesOf([...withImports(entry()).values()]);
    expect(modules.filter((id) => id.includes('/node_modules/zod/'))).toEqual([]);
    // A guest's first load has none of the bell: its state, its feed of notices, its list.
    expect(
      modules.filter((id) =>
        /\/notifications\/(notification-bell|notifications-state|notice-feed|notification-list)\./.test(id),
      ),
    ).toEqual([]);
    expect(modules.filter((id) => id.endsWith('/components/skeletons.tsx'))).toEqual([]);
    for (const page of [...pages, 'admin', 'checkout', 'billing']) {
      expect(
        modules.some((id) => id.endsWith(`/src/pages/${page}.tsx`)),
        page,
      ).toBe(false);
    }
  });

  it("React DOM's renderer is not in the entry: render-app's chunk, loaded once the entry has begun the first reads", () => {
    const isRenderer = (id: string) => id.includes('/react-dom/cjs/react-dom-client.');
    expect(modulesOf([...withImports(entry()).values()]).filter(isRenderer)).toEqual([]);
    for (const module of STARTUP_MODULES) {
      const chunk = moduleChunk(module);
      expect(chunk.isDynamicEntry, module).toBe(true);
      expect(entry().dynamicImports, module).toContain(chunk.fileName);
    }
    expect(chunks.filter((c) => c.moduleIds.some(isRenderer)).map((c) => c.facadeModuleId)).toEqual([
      expect.stringMatching(/\/src\/render-app\.tsx$/),
    ]);
  });

  it('the admin screens are a chunk of their own, with full zod', () => {
    const admin = pageChunk('admin');
    expect(admin.isDynamicEntry).toBe(true);
    expect(modulesOf([...withImports(admin).values()]).some((id) => id.includes('/zod/v4/classic/'))).toBe(true);
    expect([...withImports(admin).values()].some((chunk) => chunk.code.includes('/admin/stats'))).toBe(true);
  });
});
