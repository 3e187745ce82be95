// The Twemoji pictures of tier and category icons (issue 23) for the console, which loads its files
// from disk (app://console/): the renderer's build writes the whole @twemoji/svg set under
// emoji/<version>/, each file under the name the shared rule gives it (@starport/api-client/emoji), the
// addresses the site's server answers too; `electron-vite dev` serves the same from the package.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';
import { EMOJI_PATH, emojiNameOfFile } from '../../packages/api-client/src/emoji.ts';

/** Each picture's address under the renderer (`emoji/15.0.0/1f680.svg`) and its file in the package. */
export function emojiFiles(): Map<string, string> {
  const dir = path.dirname(createRequire(import.meta.url).resolve('@twemoji/svg/package.json'));
  const files = new Map<string, string>();
  for (const file of fs.readdirSync(dir)) {
    const name = emojiNameOfFile(file);
    if (name) files.set(`${EMOJI_PATH.slice(1)}${name}.svg`, path.join(dir, file));
  }
  return files;
}

export function emojiFilesPlugin(): Plugin {
  let files: Map<string, string> | undefined;
  const all = () => {
    files ??= emojiFiles();
    return files;
  };
  return {
    name: 'starport-emoji-files',
    generateBundle() {
      for (const [fileName, source] of all()) {
        this.emitFile({ type: 'asset', fileName, source: fs.readFileSync(source) });
      }
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const source = request.url ? all().get(request.url.slice(1).split('?')[0] ?? '') : undefined;
        if (!source) return next();
        response.setHeader('Content-Type', 'image/svg+xml');
        response.end(fs.readFileSync(source));
      });
    },
  };
}
