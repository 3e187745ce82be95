// How long a failed job waits before its next attempt: exponential backoff with jitter, so jobs that
// failed together (an outage of the far side) do not all come back in the same second.

export interface BackoffPolicy {
  /** The wait after the first attempt. */
  baseMs: number;
  /** The longest wait, whatever the attempt. */
  maxMs: number;
}

/** Each delay lands within this fraction either side of the doubled base. */
const JITTER = 0.2;

/** The wait after attempt `attempt` (1 for the first) failed. */
export function retryDelayMs(attempt: number, policy: BackoffPolicy, random: () => number = Math.random): number {
  const doubled = policy.baseMs * 2 ** Math.max(attempt - 1, 0);
  const jittered = doubled * (1 - JITTER + 2 * JITTER * random());
  return Math.round(Math.min(jittered, policy.maxMs));
}
