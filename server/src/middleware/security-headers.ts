// Security headers (SECURITY.md): nosniff, Referrer-Policy and frame denial on every answer; HSTS
// when served over HTTPS; and on the site (everything outside /api: pages, assets, images) a strict
// Content-Security-Policy.
import { defaultHeaders, type HeaderRecord } from './default-headers.ts';

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

const EVERYWHERE: HeaderRecord = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
};
const HSTS = 'max-age=31536000; includeSubDomains';

const variants = new Map<string, HeaderRecord>();

/** The four combinations are made once, not per request. */
function headersFor(site: boolean, https: boolean): HeaderRecord {
  const key = `${site}:${https}`;
  let headers = variants.get(key);
  if (!headers) {
    headers = {
      ...EVERYWHERE,
      ...(https ? { 'Strict-Transport-Security': HSTS } : {}),
      ...(site ? { 'Content-Security-Policy': SITE_CSP } : {}),
    };
    variants.set(key, headers);
  }
  return headers;
}

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

export const securityHeaders = defaultHeaders((c) => {
  const { config } = c.get('ctx');
  const https =
    config.publicUrl.startsWith('https://') || (config.trustProxy && c.req.header('x-forwarded-proto') === 'https');
  return headersFor(!isApiPath(c.req.path), https);
});
