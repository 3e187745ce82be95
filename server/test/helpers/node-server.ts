// The app served by Node as in production (@hono/node-server on a real socket, a free port), and a
// call that sees an answer's body as sent (fetch would decompress it).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { TestHarness } from './test-context.ts';

export interface Served {
  h: TestHarness;
  url: string;
  /** Stops the server, then the harness. */
  close(): Promise<void>;
}

/** Serves `fetch` (the harness's app unless given) on 127.0.0.1. */
export async function serveHarness(
  h: TestHarness,
  fetch: (request: Request, env?: unknown) => Response | Promise<Response> = h.app.fetch,
): Promise<Served> {
  const server = serve({ fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    h,
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await h.close();
    },
  };
}

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as sent, not decompressed. */
  body: Buffer;
}

export function rawRequest(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}
