// The Home page's screenshot carousel (WAI-ARIA carousel pattern): advances every 5000 ms; a visible
// Pause/Play button; stops while hovered or focused, and does not start by itself when the user
// prefers reduced motion; previous/next buttons, one dot per slide, arrow keys, and swipe.
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { useTranslation } from '@guestmap/shared-ui/contracts';

export const AUTO_ADVANCE_MS = 5000;
const SWIPE_PX = 40;

export interface Slide {
  id: string;
  title: string;
  caption: string;
  media: ReactNode;
}

function usePrefersReducedMotion(): boolean {
  const query = '(prefers-reduced-motion: reduce)';
  const [reduced, setReduced] = useState(() => typeof window !== 'undefined' && !!window.matchMedia?.(query).matches);
  useEffect(() => {
    const mql = window.matchMedia?.(query);
    if (!mql) return;
    const on = () => setReduced(mql.matches);
    mql.addEventListener('change', on);
    return () => mql.removeEventListener('change', on);
  }, []);
  return reduced;
}

export function Carousel({ slides, label }: { slides: Slide[]; label: string }) {
  const { t } = useTranslation('marketing');
  const reducedMotion = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  // null: the user has not chosen; then auto-rotation follows the reduced-motion preference.
  const [userPlaying, setUserPlaying] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const playing = userPlaying ?? !reducedMotion;
  const rotating = playing && !hovered && !focused;
  const count = slides.length;
  const go = (i: number) => setIndex(((i % count) + count) % count);

  useEffect(() => {
    if (!rotating || count < 2) return;
    const id = window.setTimeout(() => setIndex((i) => (i + 1) % count), AUTO_ADVANCE_MS);
    return () => window.clearTimeout(id);
  }, [rotating, index, count]);

  // Screenshots download once the carousel comes near the screen: the shown slide and the next, the rest
  // as they come up. On a phone the first screen (the hero) no longer shares the network with four images
  // it does not show.
  const root = useRef<HTMLElement>(null);
  const [near, setNear] = useState(false);
  const [seen, setSeen] = useState<readonly number[]>([]);
  useEffect(() => {
    const el = root.current;
    if (near || !el) return;
    if (typeof IntersectionObserver === 'undefined') return setNear(true);
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: '300px 0px',
    });
    io.observe(el);
    return () => io.disconnect();
  }, [near]);
  useEffect(() => {
    if (!near) return;
    const wanted = [index, (index + 1) % count];
    setSeen((prev) => (wanted.every((i) => prev.includes(i)) ? prev : [...new Set([...prev, ...wanted])]));
  }, [near, index, count]);

  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  const onPointerDown = (e: PointerEvent) => {
    start.current = { x: e.clientX, y: e.clientY, id: e.pointerId };
  };
  const onPointerUp = (e: PointerEvent) => {
    const s = start.current;
    start.current = null;
    if (!s || s.id !== e.pointerId) return;
    const dx = e.clientX - s.x;
    if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(e.clientY - s.y)) go(index + (dx < 0 ? 1 : -1));
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight') go(index + 1);
    else if (e.key === 'ArrowLeft') go(index - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(count - 1);
    else return;
    e.preventDefault();
  };

  return (
    <section
      ref={root}
      className="gmk-carousel"
      aria-roledescription={t('carousel.roleDescription')}
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
      onKeyDown={onKeyDown}
      data-rotating={rotating ? 'true' : 'false'}
    >
      <div
        className="gmk-carousel-viewport"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (start.current = null)}
      >
        <div
          className="gmk-carousel-track"
          style={{ transform: `translateX(-${index * 100}%)` }}
          aria-live={rotating ? 'off' : 'polite'}
        >
          {slides.map((s, i) => (
            <div
              key={s.id}
              className="gmk-carousel-slide"
              role="group"
              aria-roledescription={t('carousel.slide')}
              aria-label={t('carousel.slideOf', { n: i + 1, count })}
              aria-hidden={i !== index}
              inert={i !== index}
              data-slide={s.id}
            >
              <figure>{seen.includes(i) ? s.media : <span className="gmk-carousel-slot" />}</figure>
              <div>
                <h3>{s.title}</h3>
                <p className="gmk-muted">{s.caption}</p>
              </div>
            </div>
          ))}
        </div>
      </div>
      <div className="gmk-carousel-controls">
        <button type="button" className="gmk-btn" onClick={() => setUserPlaying(!playing)}>
          {playing ? t('carousel.pause') : t('carousel.play')}
        </button>
        <button
          type="button"
          className="gmk-icon-btn"
          onClick={() => go(index - 1)}
          aria-label={t('carousel.previous')}
        >
          ‹
        </button>
        <div className="gmk-dots">
          {slides.map((s, i) => (
            <button
              key={s.id}
              type="button"
              className="gmk-dot"
              aria-label={t('carousel.goTo', { n: i + 1, title: s.title })}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => go(i)}
            />
          ))}
        </div>
        <button type="button" className="gmk-icon-btn" onClick={() => go(index + 1)} aria-label={t('carousel.next')}>
          ›
        </button>
      </div>
    </section>
  );
}
