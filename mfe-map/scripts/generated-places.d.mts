export function generatedPlaces(n: number, spread: number): Record<string, unknown>[];
