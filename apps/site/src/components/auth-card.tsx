// The card that frames the login and register forms: heading, subtitle and the server's refusal.
import type { ReactNode } from 'react';
import { FormFailure } from './form-failure.tsx';

export interface AuthCardProps {
  title: string;
  subtitle: string;
  /** The server's message (or the spec's fallback) after a refused attempt. */
  failure: string | null;
  children: ReactNode;
}

export function AuthCard({ title, subtitle, failure, children }: AuthCardProps) {
  return (
    <div className="auth-page container">
      <div className="card auth-card">
        <header className="auth-header">
          <h1>{title}</h1>
          <p className="text-muted">{subtitle}</p>
        </header>

        <FormFailure message={failure} />

        {children}
      </div>
    </div>
  );
}
