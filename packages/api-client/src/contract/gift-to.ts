// "For a friend": the recipient a purchase is made for (issue 20, buy as a gift), the same field for
// credits (POST /api/shop/purchase), by card (POST /api/stripe/create-checkout-session) and for a
// month of a tier (POST /api/stripe/gift-tier). Left out or empty, the buyer buys for themself.
import { z } from 'zod';
import { economyMessages } from './economy-rules.ts';
import { USERNAME_MAX_LENGTH } from './limits.ts';

export const giftToSchema = z
  .string({ error: economyMessages.recipientRequired })
  .trim()
  // Longer than any username: nobody has it.
  .max(USERNAME_MAX_LENGTH * 5, economyMessages.recipientNotFound)
  .optional()
  .transform((value) => value || undefined);
