// The Actions cell of a row in the admin's tables (categories, coupons, sales, updates): Edit and
// Delete, each named with the row's name for a screen reader. Edit is left out where a row cannot
// change any more (an ended sale).

export interface RowActionsProps {
  /** The row's name, as the buttons say it: "Edit Ships", "Delete Ships". */
  name: string;
  onEdit?: () => void;
  onDelete: () => void;
}

export function RowActions({ name, onEdit, onDelete }: RowActionsProps) {
  return (
    <td data-label="Actions">
      <div className="table-actions">
        {onEdit ? (
          <button type="button" className="btn btn-secondary btn-sm" aria-label={`Edit ${name}`} onClick={onEdit}>
            Edit
          </button>
        ) : null}
        <button type="button" className="btn btn-danger btn-sm" aria-label={`Delete ${name}`} onClick={onDelete}>
          Delete
        </button>
      </div>
    </td>
  );
}
