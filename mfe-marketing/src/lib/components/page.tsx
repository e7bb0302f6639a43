// Shared building blocks of the marketing pages.
import type { ReactNode } from 'react';
import '../../styles/marketing.css';

export function Page({ children, className }: { children: ReactNode; className?: string }) {
  return <main className={`gmk-page${className ? ` ${className}` : ''}`}>{children}</main>;
}

export function Section({
  id,
  alt,
  children,
  labelledBy,
}: {
  id?: string;
  alt?: boolean;
  children: ReactNode;
  labelledBy?: string;
}) {
  return (
    <section id={id} className={`gmk-section${alt ? ' gmk-section-alt' : ''}`} aria-labelledby={labelledBy}>
      <div className="gmk-wrap">{children}</div>
    </section>
  );
}

export function SectionHead({
  id,
  eyebrow,
  title,
  lead,
  center,
}: {
  id: string;
  eyebrow?: string;
  title: string;
  lead?: string;
  center?: boolean;
}) {
  return (
    <div className={`gmk-section-head${center ? ' gmk-center' : ''}`}>
      {eyebrow && <span className="gmk-eyebrow">{eyebrow}</span>}
      <h2 id={id}>{title}</h2>
      {lead && <p className="gmk-lead">{lead}</p>}
    </div>
  );
}
