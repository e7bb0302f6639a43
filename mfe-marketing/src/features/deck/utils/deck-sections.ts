// The deck's sections in order, the section an address names, and what a key press does.
export const DECK_SECTIONS = [
  'intro',
  'problem',
  'solution',
  'hotel-benefits',
  'guest-benefits',
  'how-it-works',
  'next-steps',
  'packages',
  'team',
] as const;
export type DeckSection = (typeof DECK_SECTIONS)[number];

export function sectionIndex(param: string | null): number {
  const i = DECK_SECTIONS.indexOf(param as DeckSection);
  return i < 0 ? 0 : i;
}

/** What a key does in the deck: a step (+1/-1), an absolute index, or nothing. */
export function deckKeyAction(e: { key: string; shiftKey?: boolean }, index: number, count: number): number | null {
  switch (e.key) {
    case 'ArrowRight':
    case 'PageDown':
      return Math.min(index + 1, count - 1);
    case ' ':
    case 'Spacebar':
      return e.shiftKey ? Math.max(index - 1, 0) : Math.min(index + 1, count - 1);
    case 'ArrowLeft':
    case 'PageUp':
      return Math.max(index - 1, 0);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
