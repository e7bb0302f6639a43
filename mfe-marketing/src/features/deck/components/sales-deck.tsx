// The hotels sales presentation: a full-screen-friendly deck for a laptop or a TV. One URL per
// section (?section=problem, replaced as the presenter moves); ArrowRight / Space / PageDown next,
// ArrowLeft / Shift+Space / PageUp back, Home / End; on-screen buttons, dots and swipe.
import { useCallback, useEffect, useRef, type PointerEvent, type ReactNode } from 'react';
import { useTranslation, usePlatform, useSearchParams } from '@guestmap/shared-ui/contracts';
import { PACKAGES } from '../../../lib/utils/packages.ts';
import type { ContactTopic } from '../../../lib/utils/contact-topic.ts';
import { DECK_SECTIONS, deckKeyAction, sectionIndex } from '../utils/deck-sections.ts';
import { useFullscreen } from '../hooks/use-fullscreen.ts';

const INTERACTIVE = 'input, textarea, select, button, a[href], [contenteditable="true"], dialog[open] *';

interface Point {
  title: string;
  body: string;
}

/** `onContact` opens the contact dialog, which the deck draws inside itself as `contactDialog` (so it shows in full screen too). */
export function SalesDeck({
  onContact,
  contactDialog,
}: {
  onContact: (topic: ContactTopic) => void;
  contactDialog: ReactNode;
}) {
  const { t } = useTranslation('marketing');
  const { navigateTo } = usePlatform();
  const [params] = useSearchParams();
  const index = sectionIndex(params.get('section'));
  const count = DECK_SECTIONS.length;
  const id = DECK_SECTIONS[index]!;
  const deckRef = useRef<HTMLDivElement>(null);
  const fullscreen = useFullscreen(useCallback(() => deckRef.current, []));

  // Keys and swipes read the section from the address bar, which navigation updates at once: a fast
  // second key press must not act on the section that is still on screen.
  const liveIndex = useCallback(() => sectionIndex(new URLSearchParams(window.location.search).get('section')), []);
  const go = useCallback(
    (i: number) => {
      const next = Math.max(0, Math.min(count - 1, i));
      navigateTo('HotelsSalesPresentation', {}, { section: DECK_SECTIONS[next] }, { replace: true });
    },
    [navigateTo, count],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
      const target = e.target as Element | null;
      // Keys typed into a field, or Space/Enter on a focused button or link, keep their usual meaning.
      if (target?.closest?.('input, textarea, select, [contenteditable="true"], dialog[open]')) return;
      if ((e.key === ' ' || e.key === 'Enter') && target?.closest?.(INTERACTIVE)) return;
      if (e.key === 'f' || e.key === 'F') {
        if (fullscreen.supported) fullscreen.toggle();
        return;
      }
      const now = liveIndex();
      const next = deckKeyAction(e, now, count);
      if (next === null) return;
      e.preventDefault();
      if (next !== now) go(next);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [count, go, fullscreen, liveIndex]);

  const swipe = useRef<{ x: number; y: number; id: number } | null>(null);
  const onPointerDown = (e: PointerEvent) => {
    if ((e.target as Element).closest?.(INTERACTIVE)) return;
    swipe.current = { x: e.clientX, y: e.clientY, id: e.pointerId };
  };
  const onPointerUp = (e: PointerEvent) => {
    const s = swipe.current;
    swipe.current = null;
    if (!s || s.id !== e.pointerId) return;
    const dx = e.clientX - s.x;
    if (Math.abs(dx) >= 50 && Math.abs(dx) > Math.abs(e.clientY - s.y) * 1.2) go(liveIndex() + (dx < 0 ? 1 : -1));
  };

  const points = (key: string) => {
    const v = t(key, { returnObjects: true }) as unknown;
    return Array.isArray(v) ? (v as Point[]) : [];
  };
  const strings = (key: string) => {
    const v = t(key, { returnObjects: true }) as unknown;
    return Array.isArray(v) ? (v as string[]) : [];
  };

  let body;
  if (id === 'hotel-benefits') {
    body = (
      <ul className="gmk-stats">
        {points('deck.sections.hotel-benefits.items').map((p) => (
          <li key={p.title} className="gmk-stat">
            <strong>{p.title}</strong>
            <span>{p.body}</span>
          </li>
        ))}
      </ul>
    );
  } else if (id === 'packages') {
    body = (
      <div className="gmk-grid gmk-grid-3">
        {PACKAGES.map((p) => (
          <div key={p.id} className={`gmk-card${p.id === 'professional' ? ' gmk-package-featured' : ''}`}>
            <h3>{t(`pricing.packages.${p.id}.name`)}</h3>
            <p style={{ fontWeight: 700 }}>
              {p.limit === null ? t('pricing.unlimited') : t('pricing.upTo', { n: p.limit })}
            </p>
            <p className="gmk-muted">{t(`pricing.packages.${p.id}.description`)}</p>
          </div>
        ))}
      </div>
    );
  } else if (id === 'team') {
    body = (
      <div className="gmk-team">
        {points('about.team.members').map((m) => (
          <div key={m.title} className="gmk-card">
            <div className="gmk-avatar" aria-hidden="true">
              {m.title
                .split(' ')
                .map((w) => w[0])
                .join('')
                .slice(0, 2)}
            </div>
            <h3>{m.title}</h3>
            <p className="gmk-muted">{m.body}</p>
          </div>
        ))}
      </div>
    );
  } else {
    const cards = points(`deck.sections.${id}.items`);
    body = cards.length ? (
      <div className={`gmk-grid ${cards.length === 4 ? 'gmk-grid-4' : 'gmk-grid-3'}`}>
        {cards.map((p) => (
          <div key={p.title} className="gmk-card">
            <h3>{p.title}</h3>
            <p className="gmk-muted">{p.body}</p>
          </div>
        ))}
      </div>
    ) : (
      <ul className="gmk-points">
        {strings(`deck.sections.${id}.points`).map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
    );
  }

  return (
    <div
      ref={deckRef}
      className="gmk-deck gmk-page"
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
      onPointerCancel={() => (swipe.current = null)}
    >
      <div className="gmk-deck-bar">
        <h1>{t('SalesPresentation.title')}</h1>
        {fullscreen.supported && (
          <button type="button" className="gmk-btn" onClick={fullscreen.toggle} aria-pressed={fullscreen.on}>
            {fullscreen.on ? t('deck.exitFullscreen') : t('deck.fullscreen')}
          </button>
        )}
      </div>
      <div
        className="gmk-deck-progress"
        role="progressbar"
        aria-label={t('deck.progress')}
        aria-valuemin={1}
        aria-valuemax={count}
        aria-valuenow={index + 1}
        aria-valuetext={t('deck.position', { n: index + 1, count, title: t(`deck.sections.${id}.title`) })}
      >
        <span style={{ width: `${((index + 1) / count) * 100}%` }} />
      </div>
      <div className="gmk-deck-stage">
        <section className="gmk-deck-slide" aria-labelledby="gmk-deck-title" data-section={id} key={id}>
          <span className="gmk-eyebrow">{t(`deck.sections.${id}.eyebrow`)}</span>
          <h2 id="gmk-deck-title" aria-live="polite">
            {t(`deck.sections.${id}.title`)}
          </h2>
          <p className="gmk-lead">{t(`deck.sections.${id}.lead`)}</p>
          {body}
          {id === 'next-steps' && (
            <div className="gmk-actions">
              <button type="button" className="gmk-btn gmk-btn-primary gmk-btn-lg" onClick={() => onContact('pilot')}>
                {t('hotels.cta.pilot')}
              </button>
              <button type="button" className="gmk-btn gmk-btn-lg" onClick={() => onContact('call')}>
                {t('hotels.cta.call')}
              </button>
            </div>
          )}
        </section>
      </div>
      <p className="gmk-deck-hint">{t('deck.hint')}</p>
      <nav className="gmk-deck-nav" aria-label={t('deck.navigation')}>
        <button type="button" className="gmk-btn" onClick={() => go(index - 1)} disabled={index === 0}>
          ← {t('deck.previous')}
        </button>
        <div className="gmk-dots">
          {DECK_SECTIONS.map((s, i) => (
            <button
              key={s}
              type="button"
              className="gmk-dot"
              aria-label={t(`deck.sections.${s}.title`)}
              aria-current={i === index ? 'step' : undefined}
              onClick={() => go(i)}
            />
          ))}
        </div>
        <span className="gmk-deck-count" aria-hidden="true">
          {index + 1} / {count}
        </span>
        <button
          type="button"
          className="gmk-btn gmk-btn-primary"
          onClick={() => go(index + 1)}
          disabled={index === count - 1}
        >
          {t('deck.next')} →
        </button>
      </nav>
      {contactDialog}
    </div>
  );
}
