// The actions of a row in the admin's tables of records (categories, coupons, sales, updates): Edit and
// Delete, each named with the row's name for a screen reader. Edit is left out where a row cannot
// change any more (an ended sale). The table (data-table.tsx) puts them in the row's actions menu.
import type { RowAction } from './action-menu.tsx';

export function editAndDelete(name: string, onEdit: (() => void) | undefined, onDelete: () => void): RowAction[] {
  return [
    ...(onEdit ? [{ label: 'Edit', name: `Edit ${name}`, onSelect: onEdit }] : []),
    { label: 'Delete', name: `Delete ${name}`, onSelect: onDelete, tone: 'danger' as const },
  ];
}
