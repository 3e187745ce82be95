// Imported first by the site's main.tsx and the desktop console's renderer main.tsx: zod must never
// try `new Function('')` to see whether it may compile its parsers, since both Content-Security-
// Policies (script-src 'self', no 'unsafe-eval') refuse it and the browser reports the refusal
// (Lighthouse's Best Practices count it).
// zod's `jitless` setting skips the probe. It is set here on the object zod keeps its one global
// configuration in (`globalThis.__zod_globalConfig`, which every copy of zod 4 shares and adopts
// when it loads), rather than through `config()` from zod: that import would bring zod's core into
// the site's first load, which has no zod at all (the pages that validate load it with their chunks).

declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

globalThis.__zod_globalConfig ??= {};
globalThis.__zod_globalConfig.jitless = true;

export {};
