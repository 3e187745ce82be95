// Holds every answer an API test receives to the API document (issue 17): its status must be one the
// document lists for that method and path, its media type one it names, its required headers there,
// and a JSON body must match the schema (Ajv, JSON Schema 2020-12 as OpenAPI 3.1 uses). A call to no
// documented route under /api must be refused in the error envelope. So the document cannot drift.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { apiDocument } from '../../src/openapi/document.ts';
import { HTTP_METHODS, type Json, resolve } from './openapi.ts';

const DOCUMENT_ID = 'starport-api';
const document = apiDocument('http://localhost');

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(document, DOCUMENT_ID);

interface Route {
  method: string;
  template: string;
  pattern: RegExp;
  params: number;
  pointer: string;
  operation: Json;
}

const escapePointer = (part: string) => part.replaceAll('~', '~0').replaceAll('/', '~1');

const routes: Route[] = Object.entries<Json>(document.paths)
  .flatMap(([template, item]) =>
    HTTP_METHODS.filter((method) => item[method]).map((method) => ({
      method,
      template,
      pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
      params: (template.match(/\{/g) ?? []).length,
      pointer: `#/paths/${escapePointer(template)}/${method}`,
      operation: item[method],
    })),
  )
  // The plainest match first, as the router prefers `/api/tiers/all` to `/api/tiers/{id}`.
  .sort((a, b) => a.params - b.params);

const validators = new Map<string, ValidateFunction>();

function validatorAt(pointer: string): ValidateFunction {
  let validate = validators.get(pointer);
  if (!validate) {
    validate = ajv.getSchema(`${DOCUMENT_ID}${pointer}`);
    if (!validate) throw new Error(`No schema at ${pointer} of the API document`);
    validators.set(pointer, validate);
  }
  return validate;
}

/** The pointer of a response object, or of the shared response it refers to. */
const responsePointer = (route: Route, status: string, response: Json): string =>
  typeof response.$ref === 'string' ? response.$ref : `${route.pointer}/responses/${status}`;

export interface ReceivedAnswer {
  method: string;
  path: string;
  status: number;
  headers: Headers;
  text: string;
}

/** Throws, failing the test, when an answer is not what the API document says. */
export function expectDocumentedAnswer(answer: ReceivedAnswer): void {
  const url = new URL(answer.path, 'http://localhost');
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/$/, '') : url.pathname;
  const method = answer.method.toLowerCase() === 'head' ? 'get' : answer.method.toLowerCase();
  const label = `${answer.method} ${answer.path} answered ${answer.status}`;
  // The console's CORS preflight is answered before any route (middleware/console-cors.ts): HTTP's
  // own business, for every path, not an operation of the API.
  if (
    answer.method.toUpperCase() === 'OPTIONS' &&
    answer.status === 204 &&
    answer.headers.has('access-control-allow-methods')
  ) {
    return;
  }
  const route = routes.find((r) => r.method === method && r.pattern.test(path));
  if (!route) {
    if (!path.startsWith('/api/') && !routes.some((r) => r.pattern.test(path))) return;
    // No such route: a refusal in the envelope (404, or 401/403 before an admin or game guard).
    if (answer.status < 400) throw new Error(`${label}, but the API document has no ${method} ${path}`);
    checkBody(label, '#/components/schemas/ErrorEnvelope', answer);
    return;
  }
  const documented = route.operation.responses[String(answer.status)];
  if (!documented) {
    const listed = Object.keys(route.operation.responses).join(', ');
    throw new Error(`${label}: the API document lists only ${listed} for ${method} ${route.template}`);
  }
  const response = resolve(document, documented);
  for (const [name, header] of Object.entries<Json>(response.headers ?? {})) {
    if (header.required && !answer.headers.has(name)) {
      throw new Error(`${label} without the ${name} header the API document promises`);
    }
  }
  if (answer.text === '' || answer.method.toLowerCase() === 'head') return;
  const type = (answer.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
  const content = response.content ?? {};
  if (!Object.hasOwn(content, type)) {
    const named = Object.keys(content).join(', ') || 'no body';
    throw new Error(`${label} with a ${type || 'typeless'} body: the API document says ${named}`);
  }
  if (type !== 'application/json') return;
  const pointer = `${responsePointer(route, String(answer.status), documented)}/content/application~1json/schema`;
  checkBody(label, pointer, answer);
}

function checkBody(label: string, pointer: string, answer: ReceivedAnswer): void {
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    throw new Error(`${label} with a body that is not JSON: ${answer.text.slice(0, 200)}`);
  }
  const validate = validatorAt(pointer);
  if (validate(body)) return;
  const problems = (validate.errors ?? [])
    .slice(0, 5)
    .map((error) => `${error.instancePath || '(body)'} ${error.message} ${JSON.stringify(error.params)}`);
  throw new Error(
    `${label} with a body the API document does not describe (${pointer}):\n  ${problems.join('\n  ')}\n` +
      `  body: ${answer.text.slice(0, 500)}`,
  );
}
