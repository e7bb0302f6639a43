import { describe, expect, it } from 'vitest';
import { DECK_SECTIONS, deckKeyAction, sectionIndex } from './deck-sections.ts';

describe('sales deck navigation', () => {
  const n = DECK_SECTIONS.length;
  it('has the nine sections of the spec, in order', () => {
    expect(DECK_SECTIONS).toEqual([
      'intro',
      'problem',
      'solution',
      'hotel-benefits',
      'guest-benefits',
      'how-it-works',
      'next-steps',
      'packages',
      'team',
    ]);
  });
  it('maps keys to steps and stays within the deck', () => {
    expect(deckKeyAction({ key: 'ArrowRight' }, 0, n)).toBe(1);
    expect(deckKeyAction({ key: ' ' }, 3, n)).toBe(4);
    expect(deckKeyAction({ key: ' ', shiftKey: true }, 3, n)).toBe(2);
    expect(deckKeyAction({ key: 'PageDown' }, 8, n)).toBe(8);
    expect(deckKeyAction({ key: 'ArrowLeft' }, 0, n)).toBe(0);
    expect(deckKeyAction({ key: 'PageUp' }, 5, n)).toBe(4);
    expect(deckKeyAction({ key: 'Home' }, 5, n)).toBe(0);
    expect(deckKeyAction({ key: 'End' }, 1, n)).toBe(8);
    expect(deckKeyAction({ key: 'a' }, 1, n)).toBeNull();
  });
  it('reads the section from the URL, falling back to the intro', () => {
    expect(sectionIndex('packages')).toBe(7);
    expect(sectionIndex(null)).toBe(0);
    expect(sectionIndex('nope')).toBe(0);
  });
});
