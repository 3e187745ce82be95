// Lighthouse on the player site as a phone sees it: `/`, `/shop`, `/tiers`, `/login`, and signed in
// `/dashboard` and `/inventory`; Lighthouse's mobile profile (simulated 4G and a slow CPU), three runs
// per page in a fresh Chromium each, the median printed against the issue's targets, with the
// JavaScript each page loads (compressed) and whether any of it is admin code. See README.md.
//
// `npm run bench` calls runLighthouse() on its own server; alone, against a started server:
//   node bench/lighthouse.mjs [http://127.0.0.1:3000]
// signs up a throwaway player there for the signed-in pages (or uses LIGHTHOUSE_TOKEN).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { log, middleOf } from './bench-util.mjs';

const root = path.resolve(import.meta.dirname, '..');
const defaultSiteDir = path.join(root, 'apps', 'site', 'dist');

export const PAGES = [
  { path: '/' },
  { path: '/shop' },
  { path: '/tiers' },
  { path: '/login' },
  { path: '/dashboard', signedIn: true },
  { path: '/inventory', signedIn: true },
];

export const TARGETS = {
  performance: 90,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  lcpMs: 2500,
  tbtMs: 200,
  cls: 0.05,
  firstLoadBytes: 100 * 1024,
};

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const CHROME_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** The session token's key in local storage (apps/site/src/api.ts). */
const TOKEN_KEY = 'token';

/**
 * The site's own scripts a page loaded, each compressed as the server sends it: brotli (what every
 * current browser asks for) and gzip at level 9; admin code is any chunk named for the admin.
 */
function pageScripts(lhr, baseUrl, siteDir) {
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === 'Script' && r.url.startsWith(baseUrl));
  return scripts.map((r) => {
    const file = new URL(r.url).pathname;
    return {
      file,
      transferred: r.transferSize,
      ...compressedSizes(siteDir, file),
      admin: /admin/i.test(path.basename(file)),
    };
  });
}

/** One Lighthouse run in a fresh Chromium; signed in by putting the token in local storage first. */
async function runOnce(url, token) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  try {
    if (token) {
      // A file of the site without scripts, so nothing of the page under test is cached beforehand.
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const page = await browser.newPage();
      await page.goto(new URL('/favicon.svg', url).href);
      await page.evaluate((key, value) => localStorage.setItem(key, value), TOKEN_KEY, token);
      await page.close();
      await browser.disconnect();
    }
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      // Keeps the token just stored (the cache holds only the favicon).
      disableStorageReset: Boolean(token),
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    return result.lhr;
  } finally {
    await chrome.kill();
  }
}

/** brotli and gzip sizes of one built file, each computed once. */
const sizeCache = new Map();
function compressedSizes(siteDir, file) {
  const key = path.join(siteDir, file);
  let sizes = sizeCache.get(key);
  if (!sizes) {
    const bytes = fs.readFileSync(key);
    sizes = { brotli: zlib.brotliCompressSync(bytes).length, gzip: zlib.gzipSync(bytes, { level: 9 }).length };
    sizeCache.set(key, sizes);
  }
  return sizes;
}

/**
 * Without a browser: the scripts each page's HTML loads (its script and module preloads, the page's
 * own chunk among them), compressed, and any admin chunk among them. `npm run bench` prints it even
 * when Lighthouse is skipped.
 */
export function firstLoadFromBuild(siteDir = defaultSiteDir, pages = PAGES) {
  const assets = fs.readdirSync(path.join(siteDir, 'assets')).filter((f) => f.endsWith('.js'));
  const rows = pages.map((page) => {
    const htmlFile = path.join(siteDir, page.path, 'index.html');
    const html = fs.readFileSync(fs.existsSync(htmlFile) ? htmlFile : path.join(siteDir, 'index.html'), 'utf8');
    const files = [...new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]))];
    const sized = files.map((file) => ({ file, ...compressedSizes(siteDir, file) }));
    return {
      page: page.path,
      files: sized,
      brotli: sized.reduce((acc, f) => acc + f.brotli, 0),
      gzip: sized.reduce((acc, f) => acc + f.gzip, 0),
      admin: files.filter((file) => /admin/i.test(path.basename(file))),
    };
  });
  return { pages: rows, budget: TARGETS.firstLoadBytes, adminChunks: assets.filter((f) => /admin/i.test(f)) };
}

export function formatFirstLoad(firstLoad) {
  const out = [`first-load JavaScript per page (brotli / gzip), budget ${kb(firstLoad.budget)} KB each:`];
  for (const r of firstLoad.pages) {
    out.push(
      `  ${r.page.padEnd(11)}${kb(r.brotli).padStart(6)} / ${kb(r.gzip).padStart(6)} KB in ${r.files.length} files${r.brotli <= firstLoad.budget && r.gzip <= firstLoad.budget ? '' : '  OVER'}${r.admin.length ? `  ADMIN CODE: ${r.admin.join(', ')}` : ''}`,
    );
  }
  const loaded = firstLoad.pages.filter((r) => r.admin.length).length;
  out.push(
    `admin chunks: ${firstLoad.adminChunks.length}, loaded on a player's page: ${loaded ? `on ${loaded} pages` : 'none'}`,
  );
  return out.join('\n');
}

const score = (lhr, id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
const metric = (lhr, id) => lhr.audits[id]?.numericValue ?? Number.NaN;

/** The audits that cost points outside performance, by id (the same in every run, usually). */
function failedAudits(lhr) {
  const failed = new Set();
  for (const id of ['accessibility', 'best-practices', 'seo']) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) failed.add(ref.id);
    }
  }
  return failed;
}

/**
 * The elements that moved in the run with the most layout shift (Lighthouse's `layout-shifts` audit),
 * so a CLS that misses names what moved: selector and score, the largest first.
 */
function worstShifts(lhrs) {
  const worst = lhrs.reduce((a, b) =>
    metric(b, 'cumulative-layout-shift') > metric(a, 'cumulative-layout-shift') ? b : a,
  );
  const items = worst.audits['layout-shifts']?.details?.items ?? [];
  return items.slice(0, 5).map((item) => ({
    score: item.score,
    element: item.node?.selector ?? item.node?.nodeLabel ?? '(no element)',
    label: item.node?.nodeLabel ?? '',
  }));
}

/**
 * Runs every page `runs` times against `baseUrl` and returns the medians; `token` signs in for the
 * players' pages. `siteDir` is the built site the server serves (to size its scripts).
 */
export async function runLighthouse({
  baseUrl,
  token,
  runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3),
  siteDir = defaultSiteDir,
  pages = pagesFromEnv(),
}) {
  const results = [];
  for (const page of pages) {
    const url = new URL(page.path, baseUrl).href;
    const lhrs = [];
    for (let i = 0; i < runs; i += 1) {
      log(`lighthouse ${page.path} (${i + 1}/${runs})…`);
      lhrs.push(await runOnce(url, page.signedIn ? token : undefined));
    }
    const mid = (f) => middleOf(lhrs.map(f));
    // The scripts are the same in every run: those of the median-performance run.
    const scripts = pageScripts(lhrs[0], baseUrl, siteDir);
    const failed = new Set(lhrs.flatMap((lhr) => [...failedAudits(lhr)]));
    const finalUrls = [...new Set(lhrs.map((lhr) => new URL(lhr.finalDisplayedUrl ?? lhr.finalUrl).pathname))];
    const row = {
      page: page.path,
      runs,
      signedIn: Boolean(page.signedIn),
      landedOn: finalUrls,
      performance: mid((l) => score(l, 'performance')),
      accessibility: mid((l) => score(l, 'accessibility')),
      bestPractices: mid((l) => score(l, 'best-practices')),
      seo: mid((l) => score(l, 'seo')),
      fcpMs: mid((l) => metric(l, 'first-contentful-paint')),
      lcpMs: mid((l) => metric(l, 'largest-contentful-paint')),
      tbtMs: mid((l) => metric(l, 'total-blocking-time')),
      cls: mid((l) => metric(l, 'cumulative-layout-shift')),
      // Lighthouse's measure of this machine's CPU during the run (higher is faster): TBT is the
      // trace's own tasks times 4, so a busier machine shows a higher TBT for the same page.
      benchmarkIndex: mid((l) => l.environment?.benchmarkIndex ?? Number.NaN),
      scripts,
      scriptBrotli: scripts.reduce((acc, s) => acc + s.brotli, 0),
      scriptGzip: scripts.reduce((acc, s) => acc + s.gzip, 0),
      scriptTransferred: scripts.reduce((acc, s) => acc + s.transferred, 0),
      adminScripts: scripts.filter((s) => s.admin).map((s) => s.file),
      failedAudits: [...failed].sort(),
      shifts: worstShifts(lhrs),
    };
    row.pass =
      row.performance >= TARGETS.performance &&
      row.accessibility >= TARGETS.accessibility &&
      row.bestPractices >= TARGETS.bestPractices &&
      row.seo >= TARGETS.seo &&
      row.lcpMs <= TARGETS.lcpMs &&
      row.tbtMs <= TARGETS.tbtMs &&
      row.cls <= TARGETS.cls &&
      // Judged as sent: brotli, which every current browser (and Lighthouse's Chromium) asks for; gzip printed.
      row.scriptBrotli <= TARGETS.firstLoadBytes &&
      row.adminScripts.length === 0 &&
      finalUrls.every((p) => p === page.path);
    results.push(row);
  }
  return results;
}

const kb = (n) => `${(n / 1024).toFixed(1)}`;

/** The table `npm run bench` prints under its rows. */
export function formatLighthouse(results) {
  const runs = results[0]?.runs ?? 0;
  const pad = (s, n) => String(s).padEnd(n);
  const out = [
    `Lighthouse ${lighthouseVersion()}, mobile profile (simulated 4G, 4× slower CPU), median of ${runs} runs per page`,
    `${pad('page', 12)}${pad('perf', 6)}${pad('a11y', 6)}${pad('BP', 5)}${pad('SEO', 5)}${pad('FCP s', 7)}${pad('LCP s', 7)}${pad('TBT ms', 8)}${pad('CLS', 7)}${pad('JS br KB', 10)}${pad('JS gz KB', 10)}${pad('sent KB', 9)}${pad('admin', 7)}${pad('CPU', 6)}ok`,
  ];
  for (const r of results) {
    out.push(
      `${pad(r.page, 12)}${pad(r.performance, 6)}${pad(r.accessibility, 6)}${pad(r.bestPractices, 5)}${pad(r.seo, 5)}${pad((r.fcpMs / 1000).toFixed(1), 7)}${pad((r.lcpMs / 1000).toFixed(1), 7)}${pad(Math.round(r.tbtMs), 8)}${pad(r.cls.toFixed(3), 7)}${pad(kb(r.scriptBrotli), 10)}${pad(kb(r.scriptGzip), 10)}${pad(kb(r.scriptTransferred), 9)}${pad(r.adminScripts.length ? 'YES' : 'none', 7)}${pad(Math.round(r.benchmarkIndex), 6)}${r.pass ? 'yes' : 'NO'}`,
    );
    if (r.landedOn.some((p) => p !== r.page)) out.push(`    landed on ${r.landedOn.join(', ')} (not signed in?)`);
    if (r.failedAudits.length) out.push(`    audits below 100: ${r.failedAudits.join(', ')}`);
    if (r.cls > TARGETS.cls) {
      out.push('    what moved in its worst run:');
      for (const s of r.shifts)
        out.push(`      ${s.score.toFixed(3)}  ${s.element}${s.label ? `  "${s.label.slice(0, 60)}"` : ''}`);
    }
  }
  out.push(
    `targets on every page: performance ≥ ${TARGETS.performance}, a11y/BP/SEO 100, LCP ≤ ${TARGETS.lcpMs / 1000} s, TBT ≤ ${TARGETS.tbtMs} ms, CLS ≤ ${TARGETS.cls}, the page's JavaScript ≤ ${kb(TARGETS.firstLoadBytes)} KB brotli (gzip printed), no admin chunk`,
    "\"sent\" is what the server actually sent to the browser, compressed as it asked. CPU: Lighthouse's benchmark index of this machine during the page's runs (median; higher is faster). TBT is what the trace's tasks took here times the 4× slowdown, so it follows the machine: a busier machine, a lower index and a higher TBT for the same page. Lighthouse on a shared machine is noisy: the medians move by a few points between runs.",
  );
  return out.join('\n');
}

function lighthouseVersion() {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'node_modules', 'lighthouse', 'package.json'), 'utf8'));
  return pkg.version;
}

/** Alone: a throwaway player on the given server, for the signed-in pages. */
async function signUp(baseUrl) {
  const name = `lh_${Date.now().toString(36)}`;
  const res = await fetch(new URL('/api/auth/register', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `${name}@lighthouse.test`, username: name, password: `Lh!${name}-Passw0rd` }),
  });
  if (!res.ok) throw new Error(`Could not sign up a player for Lighthouse: ${res.status} ${await res.text()}`);
  return (await res.json()).token;
}

/** LIGHTHOUSE_PAGES=/,/shop runs only those. */
function pagesFromEnv() {
  const only = process.env.LIGHTHOUSE_PAGES?.split(',');
  return only ? PAGES.filter((p) => only.includes(p.path)) : PAGES;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const baseUrl = process.argv[2] || process.env.LIGHTHOUSE_URL || 'http://127.0.0.1:3000';
  const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
  const pages = pagesFromEnv();
  const token = process.env.LIGHTHOUSE_TOKEN || (pages.some((p) => p.signedIn) ? await signUp(baseUrl) : undefined);
  const results = await runLighthouse({ baseUrl, token, runs, pages });
  process.stdout.write(`${formatFirstLoad(firstLoadFromBuild())}\n\n${formatLighthouse(results)}\n`);
  if (process.env.LIGHTHOUSE_JSON)
    fs.writeFileSync(process.env.LIGHTHOUSE_JSON, `${JSON.stringify(results, null, 2)}\n`);
}
