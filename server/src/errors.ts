// One error type for every refusal, with its code mapped to an HTTP status in one place.
import type { ErrorCode, ErrorEnvelope } from '@starport/api-client/contract';
import { describeWait } from './lib/rate-limiter.ts';

export const statusByCode: Record<ErrorCode, 400 | 401 | 403 | 404 | 409 | 413 | 429 | 500 | 502 | 503> = {
  invalid_request: 400,
  unauthorized: 401,
  forbidden: 403,
  two_factor_required: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  rate_limited: 429,
  internal_error: 500,
  payment_provider_error: 502,
  service_unavailable: 503,
};

/** The refusals of a call that needs a session (middleware/auth.ts), also given by services that find the player gone. */
export const authMessages = {
  signInRequired: 'Please log in to continue',
  sessionExpired: 'Your session has expired. Please log in again',
  adminRequired: 'Administrator access required',
} as const;

/** What a caller is told to wait when the database cannot serve: it usually returns within seconds. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 2;

export class AppError extends Error {
  readonly code: ErrorCode;
  /** Seconds a rate-limited caller should wait, sent as Retry-After. */
  readonly retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, message: string, options: { retryAfterSeconds?: number } = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get status() {
    return statusByCode[this.code];
  }
}

/** The body of every refusal (the contract's errorEnvelopeSchema). */
export function errorEnvelope(message: string, code: ErrorCode, requestId: string): ErrorEnvelope {
  return { error: { message, code, requestId } };
}

export const invalid = (message: string) => new AppError('invalid_request', message);
export const unauthorized = (message: string) => new AppError('unauthorized', message);
export const forbidden = (message = 'You do not have permission to do that') => new AppError('forbidden', message);
export const notFound = (message = 'Not found') => new AppError('not_found', message);
export const conflict = (message: string) => new AppError('conflict', message);
/** 429 with Retry-After, its message ending with when to come back ("Please try again in 2 minutes."). */
export const rateLimited = (message: string, waitMs: number) =>
  new AppError('rate_limited', `${message} Please try again ${describeWait(waitMs)}.`, {
    retryAfterSeconds: Math.ceil(waitMs / 1000),
  });
