// After `vite build`: writes each page's shell (src/render-shell.tsx: the header and navigation, the
// page's heading and lead, skeletons where its data goes) into dist/<page>/index.html, and into
// dist/index.html for `/`, so a phone paints the page's frame from the HTML alone, before any
// script runs. Each page's HTML also preloads that page's own chunk, which the entry would otherwise
// ask for only once it runs. The server answers a path with its page's file (else the nearest
// parent's, else dist/fallback.html: the layout and Loading, FALLBACK_SHELL); the browser's first
// render draws the same markup over it.
import fs from 'node:fs';
import path from 'node:path';
import { createServer } from 'vite';

const siteRoot = path.resolve(import.meta.dirname, '..');
const dist = path.join(siteRoot, 'dist');
const manifestFile = path.join(dist, '.vite', 'manifest.json');

/** The chunk files a module needs beyond the entry (which index.html already loads), in order. */
function chunksOf(manifest, key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || chunk.isEntry || seen.has(key)) return [];
  seen.add(key);
  return [...(chunk.imports ?? []).flatMap((k) => chunksOf(manifest, k, seen)), chunk.file];
}

const template = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
if (!template.includes('<div id="root"></div>')) throw new Error('dist/index.html has no empty #root to fill');
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));

const vite = await createServer({
  root: siteRoot,
  configFile: path.join(siteRoot, 'vite.config.ts'),
  logLevel: 'warn',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, ws: false },
});
try {
  const { renderShell } = await vite.ssrLoadModule('/src/render-shell.tsx');
  // Which pages, and what each preloads: src/shell-pages.ts (first-load.test.ts weighs the same).
  const { SHELL_PAGES, STARTUP_MODULES, SIGNED_IN_MODULES, FALLBACK_SHELL } =
    await vite.ssrLoadModule('/src/shell-pages.ts');
  for (const page of [...SHELL_PAGES, FALLBACK_SHELL]) {
    const seen = new Set();
    const preloads = [...STARTUP_MODULES, page.module, ...(page.signedIn ? SIGNED_IN_MODULES : [])]
      .flatMap((module) => chunksOf(manifest, module, seen))
      .filter((file) => !template.includes(`/${file}"`))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
      .join('\n    ');
    const shell = await renderShell(page.path);
    const html = template
      .replace('</head>', `  ${preloads}\n  </head>`)
      .replace('<div id="root"></div>', () => `<div id="root">${shell}</div>`);
    const file = path.join(dist, page.file ?? path.join(page.path, 'index.html'));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, html);
    process.stdout.write(`shell ${page.path} -> ${path.relative(siteRoot, file)} (${html.length} bytes)\n`);
  }
} finally {
  await vite.close();
}
// The manifest was only for this script: it is not part of the site.
fs.rmSync(path.dirname(manifestFile), { recursive: true, force: true });
