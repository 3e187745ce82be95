// The admin screens' one table (issue 23): columns over rows, the cell that names a row as its row
// header, and the row's actions in one menu (action-menu.tsx; a single action stays a button). On a
// wide screen a table whose cells keep to one line where their column says so; at 820 px and less
// each row is a card, every cell labelled with its column's name (admin.css). Every admin list draws
// through it, so the stacked cards and the actions menu exist once, for the site and the console.

import { Fragment, type ReactNode } from 'react';
import { ActionMenu, type RowAction } from './action-menu.tsx';

export type { RowAction } from './action-menu.tsx';

export interface Column<Row> {
  /** The column's name: its header, and each cell's label in a card. */
  header: string;
  cell: (row: Row) => ReactNode;
  /** The cell that names the row: a row header, and the card's first line. One per table. */
  rowHeader?: boolean;
  /** Classes of each cell: `cell-number` (figures), `cell-nowrap` (one line on a wide screen). */
  className?: string;
}

export interface DataTableProps<Row> {
  /** What the table lists, for screen readers: "Users". */
  label: string;
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The row's name as its actions say it ("Actions for nova"); needed with `actions`. */
  rowName?: (row: Row) => string;
  /** The row's actions, last column; none for a row that has none now. */
  actions?: (row: Row) => RowAction[];
  /** Shown under a row across the whole table while set (the users' Send Mail form). */
  detail?: (row: Row) => ReactNode;
  className?: string;
}

function Actions({ actions, rowName }: { actions: RowAction[]; rowName: string }) {
  const [only] = actions;
  if (actions.length === 1 && only) {
    return (
      <button
        type="button"
        className={only.tone === 'danger' ? 'btn btn-danger btn-sm' : 'btn btn-secondary btn-sm'}
        aria-label={only.name}
        title={only.title}
        disabled={only.disabled}
        onClick={only.onSelect}
      >
        {only.label}
      </button>
    );
  }
  return actions.length > 0 ? <ActionMenu name={`Actions for ${rowName}`} actions={actions} /> : null;
}

export function DataTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  rowName = rowKey,
  actions,
  detail,
  className,
}: DataTableProps<Row>) {
  const width = columns.length + (actions ? 1 : 0);
  return (
    <div className="admin-table-wrap">
      <table className={className ? `admin-table ${className}` : 'admin-table'} aria-label={label}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col">
                {column.header}
              </th>
            ))}
            {actions ? (
              <th scope="col" className="cell-actions">
                Actions
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const extra = detail?.(row);
            return (
              <Fragment key={rowKey(row)}>
                <tr className={extra ? 'is-open' : undefined}>
                  {columns.map((column) => {
                    const Cell = column.rowHeader ? 'th' : 'td';
                    return (
                      <Cell
                        key={column.header}
                        scope={column.rowHeader ? 'row' : undefined}
                        data-label={column.header}
                        className={column.className}
                      >
                        {/* One box per cell: a card sets it beside the cell's label, whatever it holds. */}
                        <div className="admin-cell">{column.cell(row)}</div>
                      </Cell>
                    );
                  })}
                  {actions ? (
                    <td data-label="Actions" className="cell-actions">
                      <Actions actions={actions(row)} rowName={rowName(row)} />
                    </td>
                  ) : null}
                </tr>
                {extra ? (
                  <tr className="admin-table-detail">
                    <td colSpan={width}>{extra}</td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
