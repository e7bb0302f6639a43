// Light components for the guest path and placeholders, styled with the shared design tokens
// (CSS variables set by the shell and the dev harness). No antd here: this ships on the guest path.
import type { KeyboardEvent, ReactNode } from 'react';

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

/**
 * Keeps Tab and Shift+Tab inside a modal `container` (drawer, dialog): from the last focusable
 * element back to the first and the other way round. Call it from the container's onKeyDown.
 */
export function keepFocusInside(e: KeyboardEvent, container: HTMLElement | null): void {
  if (e.key !== 'Tab') return;
  const focusable = Array.from(
    container?.querySelectorAll<HTMLElement>(
      'a[href],button:not([disabled]),input:not([disabled]),select,[tabindex="0"]',
    ) ?? [],
  );
  if (focusable.length === 0) return;
  const first = focusable[0]!;
  const last = focusable[focusable.length - 1]!;
  if (e.shiftKey && (document.activeElement === first || !container?.contains(document.activeElement))) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}
