// Security headers: nosniff everywhere, and for the site's pages a strict Content-Security-Policy.
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './types.ts';

export const SITE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  // c.res.headers, not c.header(): after the answer is made, c.header() reads bodyUsed, which turns
  // @hono/node-server's lightweight response into a full one and cost most of the time of a small
  // API answer (a CPU profile of the bench).
  let headers = c.res.headers;
  try {
    headers.set('X-Content-Type-Options', 'nosniff');
  } catch {
    // Immutable headers (Response.redirect, a fetched answer): copy the answer, as c.header() would.
    c.res = new Response(c.res.body, c.res);
    headers = c.res.headers;
    headers.set('X-Content-Type-Options', 'nosniff');
  }
  headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  headers.set('X-Frame-Options', 'DENY');
  const ctx = c.get('ctx');
  const forwardedHttps = ctx.config.trustProxy && c.req.header('x-forwarded-proto') === 'https';
  if (ctx.config.publicUrl.startsWith('https://') || forwardedHttps) {
    headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  }
  const type = headers.get('content-type') ?? '';
  if (type.startsWith('text/html')) headers.set('Content-Security-Policy', SITE_CSP);
});
