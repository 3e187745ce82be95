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
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
  c.header('X-Frame-Options', 'DENY');
  const ctx = c.get('ctx');
  const forwardedHttps = ctx.config.trustProxy && c.req.header('x-forwarded-proto') === 'https';
  if (ctx.config.publicUrl.startsWith('https://') || forwardedHttps) {
    c.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  }
  const type = c.res.headers.get('content-type') ?? '';
  if (type.startsWith('text/html')) c.header('Content-Security-Policy', SITE_CSP);
});
