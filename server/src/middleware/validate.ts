// Reads a JSON body or the query string and validates it with a contract schema: 400 with the first
// problem's message. Any zod 4 schema: most of the contract is full zod, the requests the site's
// first page checks are zod/mini (packages/api-client/src/contract/auth.ts).
import type { Context } from 'hono';
import { z } from 'zod';
import { invalid } from '../errors.ts';

export const bodyMessages = {
  malformed: 'Request body must be valid JSON',
  notObject: 'Request body must be a JSON object',
} as const;

export async function readBody<S extends z.core.$ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let data: unknown;
  try {
    data = JSON.parse(await c.req.text());
  } catch {
    throw invalid(bodyMessages.malformed);
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) throw invalid(bodyMessages.notObject);
  return parseWith(schema, data);
}

/** The query string's parameters (the last value of each), validated like a body. */
export function readQuery<S extends z.core.$ZodType>(c: Context, schema: S): z.output<S> {
  return parseWith(schema, c.req.query());
}

function parseWith<S extends z.core.$ZodType>(schema: S, data: unknown): z.output<S> {
  const result = z.safeParse(schema, data);
  if (!result.success) throw invalid(result.error.issues[0]?.message ?? 'Invalid request');
  return result.data;
}
