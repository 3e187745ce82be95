// Security headers (SECURITY.md): nosniff, Referrer-Policy and frame denial on every answer; HSTS
// when served over HTTPS; and on the site (everything outside /api: pages, assets, images) a strict
// Content-Security-Policy. The API's answers are also kept out of shared caches (API_NO_STORE).
import type { Config } from '../config.ts';
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

/** The API's answers carry tokens and personal data: no shared cache may keep them. */
export const API_NO_STORE: HeaderRecord = { 'Cache-Control': 'no-store' };

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/**
 * The security headers of an answer to `path`; `header` reads the request's (lower-case) headers,
 * asked only for what may be used (X-Forwarded-Proto, from a trusted proxy). The same object for
 * every call alike: never change it.
 */
export function securityHeadersFor(
  config: Pick<Config, 'publicUrl' | 'trustProxy'>,
  path: string,
  header: (name: string) => string | undefined,
): HeaderRecord {
  const https =
    config.publicUrl.startsWith('https://') || (config.trustProxy && header('x-forwarded-proto') === 'https');
  return headersFor(!isApiPath(path), https);
}

export const securityHeaders = defaultHeaders((c) =>
  securityHeadersFor(c.get('ctx').config, c.req.path, (name) => requestHeader(c, name)),
);
