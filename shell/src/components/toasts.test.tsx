import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createToastStore, dragDismisses, ToastHost, TOAST_LIMIT, TOAST_TIMEOUT_MS } from './toasts.tsx';

describe('toast store', () => {
  it('newest on top, at most 20', () => {
    const s = createToastStore();
    for (let i = 1; i <= 25; i++) s.api.show(`m${i}`);
    expect(s.get()).toHaveLength(TOAST_LIMIT);
    expect(s.get()[0]!.message).toBe('m25');
    expect(s.get()[19]!.message).toBe('m6');
  });
  it('has the five types', () => {
    const s = createToastStore();
    s.api.success('a');
    s.api.error('b');
    s.api.warning('c');
    s.api.info('d');
    s.api.show('e');
    expect(s.get().map((t) => t.type)).toEqual(['default', 'info', 'warning', 'error', 'success']);
  });
  it('drag dismisses at 60% of the width', () => {
    expect(dragDismisses(239, 400)).toBe(false);
    expect(dragDismisses(240, 400)).toBe(true);
    expect(dragDismisses(-240, 400)).toBe(true);
  });
});

describe('ToastHost', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('each toast closes after 5000 ms, no progress bar, close button closes at once', () => {
    const s = createToastStore();
    render(<ToastHost store={s} />);
    act(() => {
      s.api.success('Saved');
    });
    act(() => vi.advanceTimersByTime(2000));
    act(() => {
      s.api.error('Oops');
    });
    expect(screen.getAllByText(/Saved|Oops/).map((e) => e.textContent)).toEqual(['Oops', 'Saved']);
    expect(document.querySelector('[role="progressbar"]')).toBeNull();
    act(() => vi.advanceTimersByTime(TOAST_TIMEOUT_MS - 2000));
    expect(screen.queryByText('Saved')).toBeNull();
    expect(screen.getByText('Oops')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'toast.close' }));
    expect(screen.queryByText('Oops')).toBeNull();
  });

  it('the timer pauses while the pointer is over the toast', () => {
    const s = createToastStore();
    render(<ToastHost store={s} />);
    act(() => {
      s.api.info('Read me');
    });
    const toast = screen.getByText('Read me').closest('.gm-toast')!;
    act(() => vi.advanceTimersByTime(3000));
    fireEvent.pointerEnter(toast);
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByText('Read me')).toBeTruthy();
    fireEvent.pointerLeave(toast);
    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByText('Read me')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Read me')).toBeNull();
  });
});
