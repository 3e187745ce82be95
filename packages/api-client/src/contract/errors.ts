// The error envelope every API refusal uses, and the codes the server maps to HTTP statuses.
import { z } from 'zod';

export const errorCodes = [
  'invalid_request',
  'unauthorized',
  'forbidden',
  /** 403: an administrator without two-factor sign-in, where the site's settings require it. */
  'two_factor_required',
  'not_found',
  'conflict',
  'payload_too_large',
  'rate_limited',
  'internal_error',
  'payment_provider_error',
  'service_unavailable',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export const errorEnvelopeSchema = z.object({
  error: z.object({
    message: z.string(),
    code: z.enum(errorCodes),
    /** The call's id, also sent as the X-Request-Id header: the server's log lines for the call carry it. */
    requestId: z.string().describe('The id of this call, also sent as X-Request-Id; quote it when reporting a problem'),
  }),
});

export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
