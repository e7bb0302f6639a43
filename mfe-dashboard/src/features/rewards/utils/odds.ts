// What a guest's chance of each prize is: the database draws by weight among prizes with a weight
// above 0 and stock left (null stock = unlimited), so the percentages shown follow the same rule.
export interface Weighted {
  weight: number;
  stock: number | null;
}

export const drawable = (p: Weighted) => p.weight > 0 && (p.stock === null || p.stock > 0);

/** Percent chance per prize (same order), rounded to one decimal; 0 for prizes that cannot be drawn. */
export function odds(prizes: Weighted[]): number[] {
  const total = prizes.filter(drawable).reduce((a, p) => a + p.weight, 0);
  return prizes.map((p) => (total > 0 && drawable(p) ? Math.round((p.weight / total) * 1000) / 10 : 0));
}

/** The odds a prize would have with `weight` and `stock` (being edited) among the others. */
export function oddsWith(others: Weighted[], candidate: Weighted): number {
  return odds([...others, candidate]).at(-1) ?? 0;
}
