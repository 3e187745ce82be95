// SPEC.md §8: admin error toasts use the server's error.message when it sent one, else generic text.
import { ApiError, fallbackMessages } from '@starport/api-client/client';

/** The server's own words, or null when it said nothing useful (network failure, no message). */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  // The client puts its generic fallback in when the answer carried no message.
  if (error.status === 0 || !error.message || error.message === fallbackMessages.generic) return null;
  return error.message;
}

/** The server's message, else the fixed text the spec gives for this failure. */
export function messageOr(error: unknown, fallback: string): string {
  return serverMessage(error) ?? fallback;
}

/** For the texts that embed a reason ('Error: {message}'): the server's message, else the error's own. */
export function describeError(error: unknown): string {
  return serverMessage(error) ?? (error instanceof Error && error.message ? error.message : fallbackMessages.generic);
}
