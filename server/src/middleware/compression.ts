// Compression of the API's JSON answers. An answer over 1 KB (lib/compress.ts) is compressed as it
// is sent, with brotli or gzip as the client's Accept-Encoding allows, and says Vary:
// Accept-Encoding; a smaller one is sent as it is and costs nothing more. The public catalogue's
// answers come with their compressed forms already made (services/catalogue/public-cache.ts), sent
// by sendJsonAnswer as a copy. An answer that already has a Content-Encoding, a stream (server-sent
// events) and anything that is not a JSON answer made here are left alone.
import type { Context, MiddlewareHandler } from 'hono';
import { chooseEncoding } from '../lib/accept-encoding.ts';
import { COMPRESS_THRESHOLD_BYTES, compressNow } from '../lib/compress.ts';
import type { JsonAnswer } from '../services/catalogue/public-cache.ts';
import type { HeaderRecord } from './default-headers.ts';
import { requestHeader } from './request-header.ts';
import type { AppEnv } from './types.ts';

const VARY = 'Accept-Encoding';
const JSON_TYPE = 'application/json';

/** The text of each answer large enough to compress, by the answer. */
const largeBodies = new WeakMap<Response, string>();

function isLarge(text: string): boolean {
  // Its length in characters is a lower bound of its bytes: most answers are decided without counting.
  if (text.length > COMPRESS_THRESHOLD_BYTES) return true;
  return text.length * 3 > COMPRESS_THRESHOLD_BYTES && Buffer.byteLength(text) > COMPRESS_THRESHOLD_BYTES;
}

function withVary(current: string | null): string {
  if (!current) return VARY;
  if (current === '*' || /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(current)) return current;
  return `${current}, ${VARY}`;
}

type JsonArgs = Parameters<Context['json']>;

/** JSON text as an answer, noted for compressJson when it is large. */
function jsonText(c: Context, text: string, arg?: JsonArgs[1], headers?: Record<string, string>): Response {
  const res = c.body(text, arg as never, { 'Content-Type': JSON_TYPE, ...headers });
  if (isLarge(text)) largeBodies.set(res, text);
  return res;
}

/** Compresses the JSON answers (c.json) of the routes below it that are over 1 KB. */
export const compressJson: MiddlewareHandler<AppEnv> = async (c, next) => {
  // c.json as Hono makes it, noting a large answer's text for the way out.
  c.json = ((object: JsonArgs[0], arg?: JsonArgs[1], headers?: Record<string, string>) =>
    jsonText(c, JSON.stringify(object), arg, headers)) as Context['json'];
  await next();
  const res = c.res;
  const text = largeBodies.get(res);
  if (text === undefined || res.headers.has('Content-Encoding')) return;
  const encoding = chooseEncoding(requestHeader(c, 'accept-encoding'));
  const vary = withVary(res.headers.get('Vary'));
  if (!encoding) {
    res.headers.set('Vary', vary);
    return;
  }
  const body = await compressNow(Buffer.from(text), encoding);
  // Hono carries the first answer's headers over (Set-Cookie, Cache-Control...), all but its type.
  c.res = new Response(new Uint8Array(body), {
    status: res.status,
    headers: { 'Content-Type': res.headers.get('Content-Type') ?? JSON_TYPE },
  });
  c.res.headers.set('Content-Encoding', encoding);
  c.res.headers.set('Vary', vary);
  c.res.headers.delete('Content-Length');
};

/**
 * A text answer made whole by its route (a page with a news post's share tags written in), compressed
 * now, as compressJson does a JSON answer: over 1 KB, in the form the client accepts, with Vary.
 */
export async function sendCompressedText(c: Context, text: string, headers: HeaderRecord): Promise<Response> {
  if (!isLarge(text)) return new Response(text, { headers });
  const encoding = chooseEncoding(requestHeader(c, 'accept-encoding'));
  const vary = { ...headers, Vary: withVary(headers.Vary ?? null) };
  if (!encoding) return new Response(text, { headers: vary });
  const body = await compressNow(Buffer.from(text), encoding);
  return new Response(new Uint8Array(body), { headers: { ...vary, 'Content-Encoding': encoding } });
}

const JSON_ONLY: HeaderRecord = { 'Content-Type': JSON_TYPE };
const PLAIN: HeaderRecord = { 'Content-Type': JSON_TYPE, Vary: VARY };
const BROTLI: HeaderRecord = { ...PLAIN, 'Content-Encoding': 'br' };
const GZIP: HeaderRecord = { ...PLAIN, 'Content-Encoding': 'gzip' };

/** A kept answer in the form the client accepts: its bytes (or text) and the headers that say what they are. */
export interface KeptForm {
  body: Buffer | string;
  /** Shared by every answer alike: never change it. */
  headers: HeaderRecord;
}

/**
 * The form of an answer of the public cache to send to a client accepting `acceptEncoding`: its
 * compressed form the client accepts, as kept, or its JSON. Null when it is large and was not kept
 * compressed (compressJson compresses it on the way out).
 */
export function keptForm(answer: JsonAnswer, acceptEncoding: string | undefined): KeptForm | null {
  if (answer.small) return { body: answer.json, headers: JSON_ONLY };
  const { compressed } = answer;
  if (!compressed) return null;
  const encoding = chooseEncoding(acceptEncoding);
  if (encoding === 'br') return { body: compressed.br, headers: BROTLI };
  if (encoding === 'gzip') return { body: compressed.gzip, headers: GZIP };
  return { body: answer.json, headers: PLAIN };
}

/** An answer of the public cache (keptForm), or its JSON text compressed on the way out. */
export function sendJsonAnswer(c: Context<AppEnv>, answer: JsonAnswer): Response {
  const form = keptForm(answer, answer.small ? undefined : requestHeader(c, 'accept-encoding'));
  // A header record: @hono/node-server writes it as it is (no Headers object on the way).
  return form ? new Response(form.body, { headers: form.headers }) : jsonText(c, answer.json);
}
