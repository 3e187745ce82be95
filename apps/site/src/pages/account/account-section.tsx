// One section of the Account page: a card with its heading (h2, under the page's h1) and a lead
// line, labelled by its heading so a screen reader's landmarks list names it. The id is also the
// section's anchor for the page's table of contents.
import type { ReactNode } from 'react';

export interface AccountSectionProps {
  id: string;
  title: string;
  lead?: ReactNode;
  /** The danger zone is drawn in red. */
  tone?: 'default' | 'danger';
  children: ReactNode;
}

export function AccountSection({ id, title, lead, tone = 'default', children }: AccountSectionProps) {
  const headingId = `${id}-title`;
  return (
    <section
      id={id}
      className={tone === 'danger' ? 'card account-section account-section-danger' : 'card account-section'}
      aria-labelledby={headingId}
    >
      <h2 id={headingId} className="account-section-title">
        {title}
      </h2>
      {lead ? <p className="account-section-lead">{lead}</p> : null}
      {children}
    </section>
  );
}
