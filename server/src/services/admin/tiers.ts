// Tier management for administrators (SPEC.md §2 "Tier Management", §5 "Tier form").
import {
  adminMessages,
  adminUserMessages,
  DEFAULT_DISCORD_ROLE_COLOR,
  DEFAULT_TIER_COLORS,
  DEFAULT_TIER_ICON,
  type Tier,
  type TierInput,
  type TierUpdate,
} from '@starport/api-client/contract';
import type { AppContext } from '../../context.ts';
import type { TierRow, TierUpdate as TierRowUpdate } from '../../db/database.ts';
import {
  countUsersHoldingTier,
  deleteTier,
  findTierById,
  insertTiers,
  listAllTiers,
  updateTier,
} from '../../db/repositories/catalogue.ts';
import { conflict, notFound } from '../../errors.ts';
import { toIso } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { toTierView } from '../catalogue/catalogue-view.ts';
import { resolveSlug, withUniqueSlug } from '../catalogue/slugs.ts';
import { adminTransaction } from './audit.ts';

const toCents = (usd: number): number => Math.round(usd * 100);
const cleanBenefits = (benefits: string[]): string[] => benefits.map((b) => b.trim()).filter((b) => b.length > 0);

/** The columns an update touches: only what was sent. */
function toRowUpdate(input: TierUpdate, current: TierRow | null): TierRowUpdate {
  const patch: TierRowUpdate = {};
  if (input.name !== undefined) patch.name = input.name.trim();
  if (input.slug !== undefined || current === null) {
    patch.slug = resolveSlug(input.slug, (input.name ?? current?.name ?? '').trim());
  }
  if (input.price !== undefined) patch.price_cents = toCents(input.price);
  if (input.icon !== undefined) patch.icon = input.icon.trim() || DEFAULT_TIER_ICON;
  if (input.benefits !== undefined) patch.benefits = JSON.stringify(cleanBenefits(input.benefits));
  if (input.popular !== undefined) patch.popular = input.popular ? 1 : 0;
  if (input.displayOrder !== undefined) patch.display_order = input.displayOrder;
  if (input.isActive !== undefined) patch.is_active = input.isActive ? 1 : 0;
  if (input.colorGradient !== undefined) {
    patch.color_from = input.colorGradient.from;
    patch.color_to = input.colorGradient.to;
  }
  if (input.discordRole !== undefined) patch.discord_role = input.discordRole.trim();
  if (input.discordRoleId !== undefined) patch.discord_role_id = input.discordRoleId.trim();
  if (input.discordRoleColor !== undefined) patch.discord_role_color = input.discordRoleColor;
  return patch;
}

export async function listTiersForAdmin(ctx: AppContext): Promise<Tier[]> {
  return (await listAllTiers(ctx.db)).map(toTierView);
}

export async function createTier(ctx: AppContext, adminId: string, input: TierInput): Promise<Tier> {
  const now = toIso(ctx.clock());
  const patch = toRowUpdate(input, null);
  const row: TierRow = {
    id: newId(),
    name: input.name.trim(),
    slug: patch.slug as string,
    price_cents: toCents(input.price),
    icon: input.icon?.trim() || DEFAULT_TIER_ICON,
    benefits: JSON.stringify(cleanBenefits(input.benefits ?? [])),
    popular: input.popular ? 1 : 0,
    display_order: input.displayOrder ?? 0,
    is_active: input.isActive === false ? 0 : 1,
    color_from: input.colorGradient?.from ?? DEFAULT_TIER_COLORS.from,
    color_to: input.colorGradient?.to ?? DEFAULT_TIER_COLORS.to,
    discord_role: input.discordRole.trim(),
    discord_role_id: input.discordRoleId?.trim() ?? '',
    discord_role_color: input.discordRoleColor ?? DEFAULT_DISCORD_ROLE_COLOR,
    created_at: now,
    updated_at: now,
  };
  const tier = toTierView(row);
  await withUniqueSlug('tier', () =>
    adminTransaction(ctx, adminId, async (trx, audit) => {
      await insertTiers(trx, [row]);
      await audit({ action: 'tier.create', targetType: 'tier', targetId: row.id, after: tier });
    }),
  );
  return tier;
}

export async function updateTierById(ctx: AppContext, adminId: string, id: string, input: TierUpdate): Promise<Tier> {
  return withUniqueSlug('tier', () =>
    adminTransaction(ctx, adminId, async (trx, audit) => {
      const current = await findTierById(trx, id);
      if (!current) throw notFound(adminUserMessages.tierNotFound);
      await updateTier(trx, id, { ...toRowUpdate(input, current), updated_at: toIso(ctx.clock()) });
      const updated = await findTierById(trx, id);
      const tier = toTierView(updated as TierRow);
      await audit({
        action: 'tier.update',
        targetType: 'tier',
        targetId: id,
        before: toTierView(current),
        after: tier,
      });
      return tier;
    }),
  );
}

/** A tier someone holds is not deleted: their subscription and Discord role hang on it. */
export async function deleteTierById(ctx: AppContext, adminId: string, id: string): Promise<Tier> {
  return adminTransaction(ctx, adminId, async (trx, audit) => {
    const current = await findTierById(trx, id);
    if (!current) throw notFound(adminUserMessages.tierNotFound);
    const holders = await countUsersHoldingTier(trx, id);
    if (holders > 0) throw conflict(adminMessages.tierInUse(holders));
    await deleteTier(trx, id);
    const tier = toTierView(current);
    await audit({ action: 'tier.delete', targetType: 'tier', targetId: id, before: tier });
    return tier;
  });
}
