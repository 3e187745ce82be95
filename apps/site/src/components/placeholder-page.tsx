// A titled page with one honest line, for screens whose content arrives in a later issue.
import type { ReactNode } from 'react';
import { usePageTitle } from './use-page-title.ts';

export function PlaceholderPage({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <div className="page container">
      <header className="page-header">
        <h1>{title}</h1>
      </header>
      <div className="empty-state">{children}</div>
    </div>
  );
}
