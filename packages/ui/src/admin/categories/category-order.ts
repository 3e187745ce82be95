// The order the shop shows its categories in, which the admin's table and the item form follow too.
import type { ShopCategory } from '@starport/api-client/contract';

/** By Order, then by name. */
export function sortByOrder(categories: readonly ShopCategory[]): ShopCategory[] {
  return [...categories].sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));
}
