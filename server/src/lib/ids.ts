// Identifiers and secrets made by the application.
import { hash, randomBytes, randomUUID } from 'node:crypto';

export const newId = (): string => randomUUID();

/** 256 random bits, URL-safe: session tokens and other bearer secrets. */
export const newSecretToken = (): string => randomBytes(32).toString('base64url');

/** One-shot `hash` (Node ≥ 20.12): a fifth of the time of createHash, and every signed-in call hashes its token. */
export const sha256Hex = (value: string): string => hash('sha256', value, 'hex');

let lastTimeOrderedMs = 0;
let timeOrderedSequence = 0;

/**
 * A UUID version 7 (RFC 9562): 48 bits of milliseconds, then 12 bits counting within this process's
 * millisecond and 62 random bits, so ids made here sort in the order they were made and ids made by
 * other instances sort by time; for rows read newest first by id (notifications).
 */
export function newTimeOrderedId(now: number = Date.now()): string {
  if (now > lastTimeOrderedMs) {
    lastTimeOrderedMs = now;
    timeOrderedSequence = 0;
  } else if (++timeOrderedSequence > 0xfff) {
    // More than 4096 in one millisecond: borrow the next one (the clock catches up).
    lastTimeOrderedMs += 1;
    timeOrderedSequence = 0;
  }
  const bytes = randomBytes(16);
  const ms = lastTimeOrderedMs;
  bytes.writeUIntBE(ms, 0, 6);
  bytes[6] = 0x70 | (timeOrderedSequence >> 8);
  bytes[7] = timeOrderedSequence & 0xff;
  bytes[8] = 0x80 | ((bytes[8] as number) & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
