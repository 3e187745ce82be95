// Updates (SPEC.md §2): a placeholder until update publishing exists.
import { ScreenHeader } from './shared/screen-header.tsx';
import { useAdminTitle } from './shared/use-admin-title.ts';

export function UpdatesScreen() {
  useAdminTitle('Updates');
  return (
    <>
      <ScreenHeader title="Updates" />
      <div className="empty-state">
        <p>Update publishing is coming soon.</p>
        <p className="field-hint">Patch notes and announcements for players will be written here.</p>
      </div>
    </>
  );
}
