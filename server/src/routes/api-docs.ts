// /api/openapi.json: the whole API's OpenAPI document, generated from the contract; /api/docs: the
// same as a page to read, under the site's Content-Security-Policy (no script, its own stylesheet).
import { Hono } from 'hono';
import { SITE_CSP } from '../middleware/security-headers.ts';
import type { AppEnv } from '../middleware/types.ts';
import { apiDocument, perPublicUrl } from '../openapi/document.ts';
import { REFERENCE_STYLESHEET, renderReferencePage } from '../openapi/reference-page.ts';

const referencePage = perPublicUrl((publicUrl) => renderReferencePage(apiDocument(publicUrl)));

export const apiDocsRoutes = new Hono<AppEnv>()
  .get('/openapi.json', (c) => c.json(apiDocument(c.get('ctx').config.publicUrl)))
  .get('/docs', (c) =>
    c.html(referencePage(c.get('ctx').config.publicUrl), 200, { 'Content-Security-Policy': SITE_CSP }),
  )
  .get('/docs.css', (c) => c.body(REFERENCE_STYLESHEET, 200, { 'Content-Type': 'text/css; charset=UTF-8' }));
