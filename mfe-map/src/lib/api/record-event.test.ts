import { describe, expect, it } from 'vitest';
import { visitorId, VISITOR_KEY } from './record-event.ts';

describe('visitor id', () => {
  it('is a random UUID, created once and kept', () => {
    const m = new Map<string, string>();
    const storage = { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
    const a = visitorId(storage);
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(visitorId(storage)).toBe(a);
    expect(m.get(VISITOR_KEY)).toBe(a);
  });
  it('replaces a tampered value and works without storage', () => {
    const m = new Map([[VISITOR_KEY, 'not-an-id']]);
    const storage = { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
    expect(visitorId(storage)).not.toBe('not-an-id');
    expect(visitorId(null)).toMatch(/^[0-9a-f-]{36}$/);
  });
});
