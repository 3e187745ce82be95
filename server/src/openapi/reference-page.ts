// /api/docs: the API document as a plain page a person can read, rendered on the server from the
// document itself (every operation, its parameters, body and answers, then the shared schemas). No
// script and no inline style, so the site's Content-Security-Policy applies as it is.
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';

// biome-ignore lint/suspicious/noExplicitAny: the document is plain JSON.
type Json = Record<string, any>;

export const REFERENCE_STYLESHEET_PATH = '/api/docs.css';

/** `html` escapes every value; with no promise among them its answer is ready at once. */
const h = (strings: TemplateStringsArray, ...values: unknown[]) => html(strings, ...values) as HtmlEscapedString;

/** Escaped text, with `backticks` shown as code. */
const prose = (text: string) =>
  text.split(/`([^`]+)`/).map((part, index) => (index % 2 === 1 ? h`<code>${part}</code>` : h`${part}`));

/** Paragraphs; an indented one is an example, shown as it is. */
function paragraphs(text: string | undefined) {
  return (text ?? '')
    .split(/\n{2,}/)
    .filter(Boolean)
    .map((part) =>
      part.startsWith('    ') ? h`<pre><code>${part.replace(/^ {4}/gm, '')}</code></pre>` : h`<p>${prose(part)}</p>`,
    );
}

const refName = (ref: string) => ref.split('/').at(-1) ?? ref;
const anchorOf = (ref: string) => `${ref.includes('/responses/') ? 'response' : 'schema'}-${refName(ref)}`;

/** What a schema's constraints say, in words. */
function constraintsOf(schema: Json): string[] {
  const notes: string[] = [];
  const say = (key: string, text: (value: unknown) => string) => {
    if (schema[key] !== undefined) notes.push(text(schema[key]));
  };
  const count = (n: unknown, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
  say('minLength', (v) => `at least ${count(v, 'character')}`);
  say('maxLength', (v) => `at most ${count(v, 'character')}`);
  say('minimum', (v) => `from ${v}`);
  say('maximum', (v) => `up to ${v}`);
  say('minItems', (v) => `at least ${count(v, 'entry').replace(/ys$/, 'ies')}`);
  say('maxItems', (v) => `at most ${count(v, 'entry').replace(/ys$/, 'ies')}`);
  say('pattern', (v) => `matches ${v}`);
  say('format', (v) => `format ${v}`);
  say('default', (v) => `default ${JSON.stringify(v)}`);
  say('const', (v) => `always ${JSON.stringify(v)}`);
  say('enum', (v) => `one of ${(v as unknown[]).map((e) => JSON.stringify(e)).join(', ')}`);
  if (schema.additionalProperties === false) notes.push('no other fields');
  return notes;
}

/** A schema's type in a few words, with a link for a reference; objects get a table of their fields. */
function renderSchema(schema: Json | undefined): HtmlEscapedString {
  if (!schema) return h``;
  if (typeof schema.$ref === 'string') return h`<a href="#${anchorOf(schema.$ref)}">${refName(schema.$ref)}</a>`;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(alternatives))
    return h`${alternatives.map((entry, i) => h`${i ? ' or ' : ''}${renderSchema(entry)}`)}`;
  const notes = constraintsOf(schema);
  const described = schema.description ? h` <span class="note">${prose(schema.description)}</span>` : '';
  const noted = notes.length ? h` <span class="note">(${notes.join('; ')})</span>` : '';
  if (schema.properties) return h`object${noted}${described}${renderFields(schema)}`;
  if (schema.type === 'array') return h`array of ${renderSchema(schema.items)}${noted}${described}`;
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : (schema.type ?? 'any');
  return h`${type}${noted}${described}`;
}

function renderFields(schema: Json) {
  const required = new Set<string>(schema.required ?? []);
  const rows = Object.entries<Json>(schema.properties).map(
    ([name, field]) =>
      h`<tr><td><code>${name}</code>${required.has(name) ? h` <span class="required">required</span>` : ''}</td><td>${renderSchema(field)}</td></tr>`,
  );
  return h`<table class="fields"><tbody>${rows}</tbody></table>`;
}

function resolveResponse(document: Json, response: Json): Json {
  return typeof response.$ref === 'string'
    ? { ...document.components.responses[refName(response.$ref)], ...response }
    : response;
}

function renderHeaders(headers: Json | undefined) {
  if (!headers) return '';
  return h`<ul class="headers">${Object.entries<Json>(headers).map(
    ([name, header]) =>
      h`<li><code>${name}</code>${header.required ? ' (always)' : ''}: ${prose(header.description ?? '')}</li>`,
  )}</ul>`;
}

function renderContent(content: Json | undefined) {
  if (!content) return '';
  return Object.entries<Json>(content).map(
    ([type, media]) => h`<div><code>${type}</code>: ${renderSchema(media.schema)}</div>`,
  );
}

function renderOperation(document: Json, method: string, path: string, operation: Json) {
  const security = (operation.security ?? []).flatMap((requirement: Json) => Object.keys(requirement));
  const parameters = (operation.parameters ?? []) as Json[];
  return h`<article class="operation" id="${operation.operationId}">
<h3><code>${method.toUpperCase()} ${path}</code></h3>
<p class="summary">${operation.summary}</p>
<p class="meta">operationId <code>${operation.operationId}</code> · ${
    security.length
      ? h`needs ${security.map((name: string, i: number) => h`${i ? ' or ' : ''}<a href="#security-${name}">${name}</a>`)}`
      : 'open to anyone'
  }</p>
${paragraphs(operation.description)}
${
  parameters.length
    ? h`<h4>Parameters</h4><table class="parameters"><thead><tr><th>name</th><th>in</th><th>schema</th><th>description</th></tr></thead><tbody>${parameters.map(
        (p) =>
          h`<tr><td><code>${p.name}</code>${p.required ? h` <span class="required">required</span>` : ''}</td><td>${p.in}</td><td>${renderSchema(p.schema)}</td><td>${prose(p.description ?? '')}</td></tr>`,
      )}</tbody></table>`
    : ''
}
${
  operation.requestBody
    ? h`<h4>Request body${operation.requestBody.required ? h` <span class="required">required</span>` : ''}</h4>${renderContent(operation.requestBody.content)}`
    : ''
}
<h4>Answers</h4>
<table class="responses"><thead><tr><th>status</th><th>meaning</th><th>body</th></tr></thead><tbody>${Object.entries<Json>(
    operation.responses,
  ).map(([status, raw]) => {
    const response = resolveResponse(document, raw);
    const shared = typeof raw.$ref === 'string' ? h` <a href="#${anchorOf(raw.$ref)}">${refName(raw.$ref)}</a>` : '';
    return h`<tr><td>${status}</td><td>${prose(response.description ?? '')}${shared}${renderHeaders(response.headers)}</td><td>${renderContent(response.content)}</td></tr>`;
  })}</tbody></table>
</article>`;
}

/** The whole page, from the document. */
export function renderReferencePage(document: Json): string {
  const byTag = new Map<string, { method: string; path: string; operation: Json }[]>();
  for (const [path, item] of Object.entries<Json>(document.paths)) {
    for (const [method, operation] of Object.entries<Json>(item)) {
      const tag = operation.tags?.[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), { method, path, operation }]);
    }
  }
  const sections = (document.tags as { name: string; description?: string }[]).map((tag, index) => ({
    ...tag,
    anchor: `tag-${index}`,
  }));
  const { info } = document;
  return h`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${info.title} reference</title>
<link rel="stylesheet" href="${REFERENCE_STYLESHEET_PATH}">
</head>
<body>
<header>
<h1>${info.title}</h1>
<p class="meta">Version ${info.version} · ${info.license?.name ?? ''} · OpenAPI ${document.openapi}: <a href="/api/openapi.json">/api/openapi.json</a> (the game servers’ part alone: <a href="/api/game/openapi.json">/api/game/openapi.json</a>) · server ${(document.servers ?? []).map((s: Json) => s.url).join(', ')}</p>
${paragraphs(info.description)}
</header>
<nav>
<h2>Contents</h2>
<ul>
<li><a href="#authentication">Authentication</a></li>
${sections.map(
  (tag) =>
    h`<li><a href="#${tag.anchor}">${tag.name}</a><ul>${(byTag.get(tag.name) ?? []).map(
      ({ method, path, operation }) =>
        h`<li><a href="#${operation.operationId}"><code>${method.toUpperCase()} ${path}</code></a> ${operation.summary}</li>`,
    )}</ul></li>`,
)}
<li><a href="#schemas">Schemas</a></li>
<li><a href="#responses">Shared answers</a></li>
</ul>
</nav>
<main>
<section id="authentication">
<h2>Authentication</h2>
<dl>${Object.entries<Json>(document.components.securitySchemes).map(
    ([name, scheme]) =>
      h`<dt id="security-${name}"><code>${name}</code> (${scheme.type} ${scheme.scheme ?? ''})</dt><dd>${prose(scheme.description ?? '')}</dd>`,
  )}</dl>
</section>
${sections.map(
  (tag) =>
    h`<section id="${tag.anchor}"><h2>${tag.name}</h2>${paragraphs(tag.description)}${(byTag.get(tag.name) ?? []).map(
      ({ method, path, operation }) => renderOperation(document, method, path, operation),
    )}</section>`,
)}
<section id="schemas">
<h2>Schemas</h2>
${Object.entries<Json>(document.components.schemas).map(
  ([name, schema]) => h`<article class="schema" id="schema-${name}"><h3>${name}</h3>${renderSchema(schema)}</article>`,
)}
</section>
<section id="responses">
<h2>Shared answers</h2>
${Object.entries<Json>(document.components.responses).map(
  ([name, response]) =>
    h`<article class="schema" id="response-${name}"><h3>${name}</h3><p>${prose(response.description)}</p>${renderHeaders(response.headers)}${renderContent(response.content)}</article>`,
)}
</section>
</main>
</body>
</html>
`.toString();
}

/** The page's own stylesheet: served from /api/docs.css, since the CSP allows no inline style. */
export const REFERENCE_STYLESHEET = `body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:72rem;padding:1rem 2rem;color:#1f2330}
code,pre{font-family:ui-monospace,monospace;font-size:.92em}
pre{background:#f3f4f8;padding:.75rem;overflow-x:auto}
a{color:#3b4fd8}
nav ul ul{columns:2;font-size:.9em}
.operation{border-top:1px solid #d6d9e3;padding:.5rem 0 1rem}
.operation h3{margin-bottom:0}
.summary{margin-top:.25rem;font-weight:600}
.meta,.note{color:#5b6275}
.required{color:#b4233c;font-size:.85em}
table{border-collapse:collapse;margin:.25rem 0;width:100%}
th,td{border:1px solid #d6d9e3;padding:.25rem .5rem;text-align:left;vertical-align:top}
table.fields{font-size:.95em}
th{background:#f3f4f8}
`;
