// Reading an OpenAPI document in tests: its operations, local $refs followed, and the checks every
// document we serve must pass (an independent validator, unique operationIds, no unused component).
import { compileErrors, validate } from '@readme/openapi-parser';
import { expect } from 'vitest';

/** An OpenAPI document is read as plain JSON here. */
export type Json = any;

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export interface DocumentedOperation {
  method: string;
  path: string;
  operation: Json;
}

/** Every operation of the document, as `{method, path}` with the operation object. */
export function operationsOf(document: Json): DocumentedOperation[] {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    HTTP_METHODS.filter((method) => (item as Json)[method]).map((method) => ({
      method,
      path,
      operation: (item as Json)[method],
    })),
  );
}

/** Follows local `$ref`s (`#/components/…`) until it reaches the object itself. */
export function resolve(document: Json, node: Json): Json {
  let current = node;
  while (current && typeof current.$ref === 'string' && current.$ref.startsWith('#/')) {
    current = current.$ref
      .slice(2)
      .split('/')
      .map((part: string) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce((at: Json, key: string) => at?.[key], document);
  }
  return current;
}

/** Every `$ref` string anywhere in a value. */
export function refsIn(value: Json, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) {
    for (const entry of value) refsIn(entry, found);
  } else if (value && typeof value === 'object') {
    for (const [key, entry] of Object.entries(value)) {
      if (key === '$ref' && typeof entry === 'string') found.add(entry);
      else refsIn(entry, found);
    }
  }
  return found;
}

/**
 * What a linter asks of the document as a whole: valid OpenAPI 3.1 for an independent validator
 * (which also refuses duplicate operationIds and undeclared path parameters), an operationId and a
 * tag on every operation, a licence, and every component used.
 */
export async function expectSoundDocument(document: Json): Promise<void> {
  expect(document.openapi).toBe('3.1.0');
  const result = await validate(structuredClone(document));
  expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
  expect(result.warnings).toEqual([]);
  const operations = operationsOf(document);
  const ids = operations.map(({ operation }) => operation.operationId);
  for (const [index, { method, path }] of operations.entries()) {
    expect(ids[index] ?? '(none)', `${method} ${path} has an operationId`).toMatch(/^[a-z][A-Za-z0-9]+$/);
    expect(operations[index]?.operation.tags?.length, `${method} ${path} has a tag`).toBeGreaterThan(0);
  }
  expect(new Set(ids).size, 'operationIds are unique').toBe(ids.length);
  expect(document.info.license?.name, 'a licence').toEqual(expect.any(String));
  const used = refsIn({ ...document, components: undefined });
  // A component may be used only by another component that is used.
  for (let grew = true; grew; ) {
    const before = used.size;
    for (const ref of [...used]) refsIn(resolve(document, { $ref: ref }), used);
    grew = used.size > before;
  }
  const schemesUsed = new Set(
    [document.security, ...operations.map(({ operation }) => operation.security)]
      .flatMap((requirements: Json[] | undefined) => requirements ?? [])
      .flatMap((requirement: Json) => Object.keys(requirement)),
  );
  for (const [kind, entries] of Object.entries(document.components ?? {})) {
    for (const name of Object.keys(entries as object)) {
      if (kind === 'securitySchemes') expect(schemesUsed, `security scheme ${name} is used`).toContain(name);
      else expect(used, `components.${kind}.${name} is used`).toContain(`#/components/${kind}/${name}`);
    }
  }
}
