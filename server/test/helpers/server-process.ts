// Real server processes for the resilience tests: the built server (its own dist folder per test
// file, since files run in parallel), started on a harness's database and stopped with a signal.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { TestHarness } from './test-context.ts';

export const serverDir = path.resolve(import.meta.dirname, '..', '..');

export interface BuiltServer {
  entry: string;
  cli: string;
  remove(): void;
}

/** Builds the server into `server/<outdir>` (call in beforeAll, remove in afterAll). */
export function buildServer(outdir: string): BuiltServer {
  execFileSync(process.execPath, ['scripts/build.mjs', `--outdir=${outdir}`], { cwd: serverDir });
  return {
    entry: path.join(serverDir, outdir, 'index.js'),
    cli: path.join(serverDir, outdir, 'admin-cli.js'),
    remove: () => fs.rmSync(path.join(serverDir, outdir), { recursive: true, force: true }),
  };
}

export interface Running {
  child: ChildProcess;
  url: string;
  output: () => string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
}

/** The most the harness's clock may be off the real one: the process reads the real one. */
const CLOCK_SKEW_LIMIT_MS = 60 * 60_000;

/**
 * Starts the built server on the harness's database and resolves once it listens. The harness must
 * have been made with `startsNow` (the process keeps the real time, and what the harness wrote, a
 * session above all, must not look weeks old or in the future to it).
 */
export function startServer(entry: string, h: TestHarness, env: Record<string, string> = {}): Promise<Running> {
  if (Math.abs(h.clock().getTime() - Date.now()) > CLOCK_SKEW_LIMIT_MS) {
    throw new Error('startServer: make the harness with { startsNow: true }; its clock is not the real time');
  }
  const child = spawn(process.execPath, [entry], {
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: h.dataDir,
      DATABASE_URL: h.databaseUrl,
      SITE_DIR: path.join(h.dataDir, 'no-site'),
      SEED_CATALOGUE: 'false',
      LOG_LEVEL: 'info',
      STRIPE_SECRET_KEY: '',
      // Card payments off, whatever the shell running the tests exports.
      PAYMENTS: '',
      PAYMENTS_SANDBOX: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 20_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /"msg":"server\.listening".*?"port":(\d+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: `http://127.0.0.1:${match[1]}`, output: () => out, exited });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
}

export function stopServer(running: Running, signal: NodeJS.Signals): Promise<number | string> {
  if (running.child.exitCode === null && running.child.signalCode === null) running.child.kill(signal);
  return running.exited;
}

export const isAlive = (running: Running) => running.child.exitCode === null && running.child.signalCode === null;

export interface ServerAnswer {
  status: number;
  headers: Headers;
  json: any;
  text: string;
}

/**
 * One call to a running server as a client makes it: a bearer token, a JSON body. A call that has
 * not answered in `timeoutMs` fails the test (it hung) instead of waiting for the test's own limit.
 */
export async function callServer(
  url: string,
  path: string,
  init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<ServerAnswer> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${url}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(init.timeoutMs ?? 15_000),
  });
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: res.status, headers: res.headers, json, text };
}
