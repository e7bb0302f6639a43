import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HASH_SCROLL_DELAY_MS, scheduleAnchorScroll } from './anchor-scroll.ts';

describe('anchor scrolling', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    document.body.innerHTML = '';
    window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  });
  afterEach(() => vi.useRealTimers());

  it('scrolls smoothly to the anchor after 300 ms', () => {
    const el = document.createElement('section');
    el.id = 'features';
    el.scrollIntoView = vi.fn();
    document.body.append(el);
    scheduleAnchorScroll('features');
    vi.advanceTimersByTime(HASH_SCROLL_DELAY_MS - 1);
    expect(el.scrollIntoView).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(el.scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
  });

  it('scrolls to the top when the anchor is missing', () => {
    scheduleAnchorScroll('testimonials');
    vi.advanceTimersByTime(HASH_SCROLL_DELAY_MS);
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
  });

  it('waits (bounded) for a screen that is still loading', () => {
    const loading = document.createElement('div');
    loading.className = 'gm-remote-loading';
    document.body.append(loading);
    scheduleAnchorScroll('how-it-works');
    vi.advanceTimersByTime(HASH_SCROLL_DELAY_MS);
    expect(window.scrollTo).not.toHaveBeenCalled();
    const el = document.createElement('section');
    el.id = 'how-it-works';
    el.scrollIntoView = vi.fn();
    loading.replaceWith(el);
    vi.advanceTimersByTime(100);
    expect(el.scrollIntoView).toHaveBeenCalled();
  });
});
