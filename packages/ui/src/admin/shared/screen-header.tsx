// The heading row of every admin screen: its title, a line about it and its main action.
import type { ReactNode } from 'react';

export function ScreenHeader({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="admin-screen-header">
      <div>
        <h2 className="admin-screen-title">{title}</h2>
        {children ? <p className="admin-screen-lead">{children}</p> : null}
      </div>
      {action ? <div className="admin-screen-action">{action}</div> : null}
    </div>
  );
}

export function StatusBadge({ active }: { active: boolean }) {
  return active ? <span className="badge badge-success">Active</span> : <span className="badge">Inactive</span>;
}
