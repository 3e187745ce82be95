// POST /api/stripe/webhook, for whichever provider runs: the signature is checked on the raw body
// (a provider that sends no webhooks answers 404), an event already applied is answered as a
// duplicate, and the provider reads the event back and applies it once. What the event asked of the
// provider in turn (cancel a duplicate, refund it) is done right after.
import { paymentMessages } from '@starport/api-client/contract';
import type { AppContext } from '../../context.ts';
import { isEventProcessed } from '../../db/repositories/payments.ts';
import { AppError, invalid } from '../../errors.ts';
import type { ApplyOutcome } from './event-transaction.ts';
import { PaymentProviderError, type WebhookEvent, WebhookSignatureError } from './provider.ts';
import { settleSubscriptionHolds } from './subscription-holds.ts';

export interface WebhookResult {
  received: true;
  outcome: ApplyOutcome | 'ignored';
}

/**
 * A bad signature is 400 and changes nothing. A failure while applying is a 500, so the provider
 * retries (Stripe for up to three days); the event's effects were rolled back with it.
 */
export async function handlePaymentWebhook(
  ctx: AppContext,
  rawBody: string,
  signature: string | undefined,
): Promise<WebhookResult> {
  let event: WebhookEvent;
  try {
    event = ctx.payments.verifyEvent(rawBody, signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      ctx.logger.warn('payments.webhook_refused', { reason: error.message });
      throw invalid(paymentMessages.badSignature);
    }
    throw error;
  }
  if (await isEventProcessed(ctx.db, event.id)) return { received: true, outcome: 'duplicate' };
  let outcome: WebhookResult['outcome'];
  try {
    outcome = await ctx.payments.applyEvent(ctx, event);
    ctx.logger.info('payments.webhook', { event: event.id, type: event.type, outcome });
  } catch (error) {
    if (error instanceof PaymentProviderError && error.missing) {
      // The object is gone from the provider (a deleted test object): retrying cannot help.
      ctx.logger.warn('payments.webhook_object_missing', { event: event.id, type: event.type, error: error.message });
      return { received: true, outcome: 'unknown' };
    }
    ctx.logger.error('payments.webhook_failed', {
      event: event.id,
      type: event.type,
      error: error instanceof Error ? error.message : String(error),
    });
    throw new AppError('internal_error', 'The event could not be applied; Stripe will retry it');
  }
  // The event is applied; what it asked of the provider in turn (cancel a duplicate, refund it) is
  // done now, and by the schedule should the provider not answer.
  await settleSubscriptionHolds(ctx);
  return { received: true, outcome };
}
