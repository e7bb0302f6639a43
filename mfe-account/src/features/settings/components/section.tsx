// What the account screens' sections share: the card with its heading, list styles, a read's state.
import { useId, type ReactNode } from 'react';
import { Card } from 'antd';

export const listStyle = { listStyle: 'none', margin: 0, padding: 0 } as const;
export const itemStyle = {
  display: 'flex',
  flexWrap: 'wrap',
  gap: 12,
  justifyContent: 'space-between',
  alignItems: 'center',
  padding: '12px 0',
  borderBottom: '1px solid var(--gm-border, #dfe5e1)',
} as const;

export type Load<T> = { state: 'loading' } | { state: 'error' } | { state: 'ok'; data: T };

export function Section({ title, children, extra }: { title: string; children: ReactNode; extra?: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} style={{ marginBottom: 16 }}>
      <Card
        title={
          <h2 id={id} style={{ margin: 0, fontSize: 18 }}>
            {title}
          </h2>
        }
        extra={extra}
      >
        {children}
      </Card>
    </section>
  );
}

export function initials(name: string | null | undefined, email: string | null | undefined) {
  const s = (name || email || '?').trim();
  return s.slice(0, 1).toUpperCase();
}
