// Light components for the guest path and placeholders, styled with the shared design tokens
// (CSS variables set by the shell and the dev harness). No antd here: this ships on the guest path.
import type { ReactNode } from 'react';

export function ScreenPlaceholder({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <main className="gm-screen-placeholder" style={{ maxWidth: 960, margin: '32px auto', padding: '0 16px' }}>
      <h1>{title}</h1>
      {children}
    </main>
  );
}

export function Spinner({ label }: { label: string }) {
  return (
    <span role="status" aria-live="polite" style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      <span className="gm-spinner" aria-hidden="true" />
      <span className="gm-visually-hidden">{label}</span>
    </span>
  );
}
