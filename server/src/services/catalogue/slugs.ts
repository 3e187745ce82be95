// Slugs of tiers, items and categories: made from the name when left empty (SPEC.md §3), and
// unique, with a unique-constraint violation turned into a clear 409.
import { adminMessages, slugify } from '@starport/api-client/contract';
import { isUniqueViolation } from '../../db/dialect.ts';
import { conflict, invalid } from '../../errors.ts';

export function resolveSlug(slug: string | undefined, name: string): string {
  const resolved = slug?.trim() || slugify(name);
  if (!resolved) throw invalid(adminMessages.slugRequired);
  return resolved;
}

/** Runs a write; a clash on the slug's unique index becomes 409 "A … with this slug already exists". */
export async function withUniqueSlug<T>(
  kind: 'tier' | 'item' | 'category' | 'update',
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(adminMessages.slugTaken(kind));
    throw error;
  }
}
