// The one writer of the profile's language (locale-save.ts): the order of writes and what each caller learns.
// The write itself is a stand-in here (what reaches the database and when is the subject); the browser test
// mfe-account/e2e/user-settings.spec.ts "two languages picked quickly" runs it against the real stack.
import { describe, expect, it } from 'vitest';
import type { Locale, LocaleSaveStatus } from '@guestmap/shared-ui/contracts';
import { createLocaleWriter } from './locale-save.ts';

/** A write that waits until the test answers it: `answer()` lands it, `fail(e)` throws e. */
function heldWrites() {
  const sent: Array<{ locale: Locale; answer: () => void; fail: (e: unknown) => void }> = [];
  const write = (_userId: string, locale: Locale) =>
    new Promise<void>((answer, fail) => {
      sent.push({ locale, answer, fail });
    });
  return { sent, write };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('the writer of the profile language', () => {
  it('choices made while one is being saved: the latest alone is written next and confirmed; the profile ends on it', async () => {
    const { sent, write } = heldWrites();
    const saved: Locale[] = [];
    const w = createLocaleWriter({ write, onStatus: () => {}, onSaved: (_u, l) => saved.push(l) });
    const fr = w.save('u1', 'fr-FR', 'en-US');
    await tick();
    const vi = w.save('u1', 'vi-VN', 'en-US');
    const ja = w.save('u1', 'ja-JP', 'en-US');
    expect(await vi).toBe('superseded');
    expect(await fr).toBe('superseded');
    // One write at a time: Japanese waits for the French write's answer.
    expect(sent.map((s) => s.locale)).toEqual(['fr-FR']);
    sent[0]!.answer();
    await tick();
    expect(sent.map((s) => s.locale)).toEqual(['fr-FR', 'ja-JP']);
    expect(w.busy()).toBe(true);
    sent[1]!.answer();
    expect(await ja).toBe('saved');
    expect(saved).toEqual(['ja-JP']);
    expect(w.busy()).toBe(false);
  });

  it('a lost answer: "checking", the latest choice sent again when the check is due, then saved', async () => {
    const { sent, write } = heldWrites();
    const statuses: LocaleSaveStatus[] = [];
    let due: () => void = () => {};
    const w = createLocaleWriter({
      write,
      onStatus: (s) => statuses.push(s),
      onSaved: () => {},
      waitForCheck: (_n, wake) => new Promise<void>((r) => ((due = r), void wake.then(r))),
    });
    const fr = w.save('u1', 'fr-FR', 'en-US');
    await tick();
    sent[0]!.fail(new TypeError('Failed to fetch'));
    await tick();
    expect(statuses).toEqual(['saving', 'checking']);
    due();
    await tick();
    expect(sent.map((s) => s.locale)).toEqual(['fr-FR', 'fr-FR']);
    // A new choice while checking is sent at once, instead of the old one.
    const ja = w.save('u1', 'ja-JP', 'en-US');
    expect(await fr).toBe('superseded');
    sent[1]!.fail({ message: 'TypeError: Failed to fetch', code: '' });
    await tick();
    expect(sent.map((s) => s.locale)).toEqual(['fr-FR', 'fr-FR', 'ja-JP']);
    sent[2]!.answer();
    expect(await ja).toBe('saved');
    expect(statuses).toEqual(['saving', 'checking', 'idle']);
  });

  it('a refusal of the server is told to its caller, and the next choice is written', async () => {
    const { sent, write } = heldWrites();
    const w = createLocaleWriter({ write, onStatus: () => {}, onSaved: () => {} });
    const fr = w.save('u1', 'fr-FR', 'en-US');
    await tick();
    sent[0]!.fail({ code: 'PGRST116', message: 'no row' });
    expect(await fr).toBe('refused');
    const ko = w.save('u1', 'ko-KR', 'en-US');
    await tick();
    sent[1]!.answer();
    expect(await ko).toBe('saved');
  });

  it('the language the profile holds, with nothing being written: nothing to write', async () => {
    const { sent, write } = heldWrites();
    const w = createLocaleWriter({ write, onStatus: () => {}, onSaved: () => {} });
    expect(await w.save('u1', 'en-US', 'en-US')).toBe('saved');
    expect(sent).toHaveLength(0);
    // While another is being written it is written (after it), else the profile would end on the other.
    const fr = w.save('u1', 'fr-FR', 'en-US');
    await tick();
    const en = w.save('u1', 'en-US', 'en-US');
    expect(await fr).toBe('superseded');
    sent[0]!.answer();
    await tick();
    sent[1]!.answer();
    expect(await en).toBe('saved');
    expect(sent.map((s) => s.locale)).toEqual(['fr-FR', 'en-US']);
  });
});
