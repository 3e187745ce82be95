// The error envelope every API refusal uses, and the codes the server maps to HTTP statuses.
import { z } from 'zod';

export const errorCodes = [
  'invalid_request',
  'unauthorized',
  'forbidden',
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
  }),
});

export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
