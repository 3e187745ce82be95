// Security headers (SECURITY.md): nosniff, Referrer-Policy and frame denial on every answer; HSTS
// when served over HTTPS; and on the site (everything outside /api: pages, assets, images) a strict
// Content-Security-Policy.
import { defaultHeaders, type HeaderRecord } from './default-headers.ts';
import { requestHeader } from './request-header.ts';

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

/** The four combinations, made once: [outside /api][over HTTPS]. */
const variants = [false, true].map((site) =>
  [false, true].map(
    (https): HeaderRecord => ({
      ...EVERYWHERE,
      ...(https ? { 'Strict-Transport-Security': HSTS } : {}),
      ...(site ? { 'Content-Security-Policy': SITE_CSP } : {}),
    }),
  ),
);

function headersFor(site: boolean, https: boolean): HeaderRecord {
  return variants[site ? 1 : 0]?.[https ? 1 : 0] as HeaderRecord;
}

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

export const securityHeaders = defaultHeaders((c) => {
  const { config } = c.get('ctx');
  const https =
    config.publicUrl.startsWith('https://') || (config.trustProxy && requestHeader(c, 'x-forwarded-proto') === 'https');
  return headersFor(!isApiPath(c.req.path), https);
});
