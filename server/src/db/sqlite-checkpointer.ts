// SQLite's write-ahead log copied into the database file once a second, by a connection of its own on
// a worker thread, so the copy never holds up the requests on the main thread.
import { Worker } from 'node:worker_threads';
import type SqliteDatabase from 'better-sqlite3';
import { loadWhenNeeded } from '../lib/load-when-needed.ts';

/** What `pragma wal_checkpoint` answers: busy (1 when it could not start), the log's pages, those copied. */
export interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
}

export interface Checkpointer {
  /** Where the checkpoints run: a worker thread, or the server's own when no worker could. */
  readonly runsOn: 'worker' | 'server thread';
  /** Copies what the log holds into the file now (as the timer does), and answers what it did. */
  now(): Promise<CheckpointResult>;
  /** Stops the timer and closes the checkpointing connection. */
  stop(): Promise<void>;
}

export interface CheckpointerOptions {
  everyMs?: number;
  /** A log this long after a checkpoint is copied whole, between two commits (see below). */
  longLogPages?: number;
  /** better-sqlite3, as a path the worker can require (the one this server loads, by default). */
  driver?: string;
  /** Told when the worker failed and the checkpoints moved to the server's thread. */
  onWorkerError?: (error: Error) => void;
}

/** The answer when no checkpoint ran (stopped, busy, or failed). */
const NONE: CheckpointResult = { busy: 1, log: -1, checkpointed: -1 };
const CHECKPOINT_EVERY_MS = 1000;
/** 16 MB of log, within one block of SQLite's index of the log (4,096 pages). */
const LONG_LOG_PAGES = 4096;
/** What a full checkpoint may find left to copy while it holds the next commit back. */
const FEW_PAGES = 256;

// CommonJS, run by `new Worker(…, { eval: true })`: a file of its own would need a build entry and
// could not be loaded from the TypeScript sources the tests run.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('synchronous = NORMAL');
// How long the full checkpoint waits for a moment between two commits, on this thread.
db.pragma('busy_timeout = 50');
const passive = db.prepare('pragma wal_checkpoint(passive)');
const full = db.prepare('pragma wal_checkpoint(full)');
const run = () => {
  try {
    let copied = passive.get();
    for (let pass = 0; copied.log > workerData.longLogPages && pass < 8; pass += 1) {
      // Not all of it: a reader (a backup) still reads from the rest, and a full checkpoint would
      // wait for it holding every writer back.
      if (copied.checkpointed < copied.log) return copied;
      const again = passive.get();
      // Busy (the lock or the log's index taken at that moment): again.
      if (again.log < 0) continue;
      // Nothing committed while it copied (or the log started over already): the next commit starts it over.
      if (again.log <= copied.log) return again;
      const fresh = again.log - copied.log;
      copied = again;
      // Few pages committed while it copied: a full checkpoint copies those, holding writers back.
      // Busy when no moment between two commits came within busy_timeout: again.
      if (fresh <= workerData.fewPages && copied.checkpointed === copied.log) {
        const whole = full.get();
        if (!whole.busy) return whole;
        if (whole.log >= 0) copied = whole;
      }
    }
    return copied;
  } catch (error) {
    return { busy: 1, log: -1, checkpointed: -1, error: String(error) };
  }
};
const timer = setInterval(run, workerData.everyMs);
parentPort.on('message', (message) => {
  if (message === 'now') parentPort.postMessage({ done: run() });
  if (message === 'stop') {
    clearInterval(timer);
    db.close();
    parentPort.close();
  }
});
`;

/**
 * With `synchronous = NORMAL` a commit reaches the disk at the next checkpoint: a crash of the machine
 * (not of the process) loses what came after the last one. Checkpointing once a second bounds that in
 * time, whatever the traffic (SQLite alone does it only by the log's length).
 *
 * The checkpoint runs on a worker thread with its own connection to the server's file. On the main
 * thread it held the event loop for as long as it copied and synced: at a million players, where each
 * purchase dirties pages spread over large indexes, 16 to 71 ms once a second, the slowest 1 % of
 * every call. Passive: it never waits for a reader or writer, and copies only committed transactions;
 * with nothing new in the log it writes nothing.
 *
 * The log starts over at the first commit after a checkpoint that copied all of it, when no reader
 * still reads from it. Beside writes that never pause (a storm of purchases) a passive checkpoint
 * never gets there: something was always committed while it copied, and the log grew by every commit,
 * 190 MB in four seconds, until SQLite's own checkpoint on the server's thread. So when the log is
 * long (`longLogPages`), the worker copies again until few pages came in meanwhile, then runs a full
 * checkpoint: it takes the write lock at a moment between two commits, copies those pages and syncs
 * the log and the file, and the server's thread, at its next write, waits that long (SQLite's busy
 * wait, in steps of 1, 2, 5 and 10 ms). Not while a reader such as a backup holds part of the log: a
 * full checkpoint would wait for it with the write lock held.
 *
 * If the worker cannot run (no thread, the driver failing to load there), the server's own connection
 * checkpoints on this thread instead, as it did before, and `onWorkerError` is told.
 */
export function keepCheckpointing(server: SqliteDatabase.Database, options: CheckpointerOptions = {}): Checkpointer {
  const everyMs = options.everyMs ?? CHECKPOINT_EVERY_MS;
  const longLogPages = options.longLogPages ?? LONG_LOG_PAGES;
  const driver = options.driver ?? loadWhenNeeded.resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { file: server.name, everyMs, longLogPages, fewPages: FEW_PAGES, driver },
  });
  worker.unref();
  const asked: ((result: CheckpointResult) => void)[] = [];
  let fallback: Checkpointer | null = null;
  let stopping = false;
  let ended = false;
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', () => {
      ended = true;
      for (const answer of asked.splice(0)) answer(NONE);
      resolve();
    }),
  );
  worker.on('message', (message: { done?: CheckpointResult }) => {
    if (message.done) asked.shift()?.(message.done);
  });
  worker.on('error', (error) => {
    if (stopping) return;
    fallback ??= checkpointHere(server, everyMs);
    options.onWorkerError?.(error);
    for (const answer of asked.splice(0)) void fallback.now().then(answer);
  });
  return {
    get runsOn() {
      return fallback ? 'server thread' : 'worker';
    },
    now: () => {
      if (fallback) return fallback.now();
      if (ended || stopping) return Promise.resolve(NONE);
      return new Promise((resolve) => {
        asked.push(resolve);
        worker.postMessage('now');
      });
    },
    stop: async () => {
      stopping = true;
      if (fallback) return fallback.stop();
      // Held, or a process with nothing else to do would end here, before the rest of its shutdown.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}

/** The same checkpoints on this thread, by the server's connection (skipped inside its transactions). */
function checkpointHere(server: SqliteDatabase.Database, everyMs: number): Checkpointer {
  const checkpoint = server.prepare('pragma wal_checkpoint(passive)');
  const run = (): CheckpointResult => {
    if (!server.open || server.inTransaction) return NONE;
    try {
      return checkpoint.get() as CheckpointResult;
    } catch {
      // Busy or locked by another process: the next second, or SQLite's own, does it.
      return NONE;
    }
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  return {
    runsOn: 'server thread',
    now: async () => run(),
    stop: async () => clearInterval(timer),
  };
}
