// The one writer of the signed-in user's language in their profile (`profiles.language`). Every choice of
// language goes through the shell (`setLocale`/`saveLocale` of the platform contract: the top bar's menu, the
// account's settings); the page follows at once, the profile follows here:
//
//   - one write at a time, in the order of the choices: a choice made while another is being saved waits for
//     that write's answer and is then written, so the profile always ends on the LATEST choice (two writes in
//     flight could land out of order);
//   - a choice replaced by a later one before it was sent is never written: its caller learns `superseded`,
//     and the later choice's caller learns its outcome once its own write has landed;
//   - a write that got no answer (the connection dropped, shared-ui/in-flight's `isConnectionError`) is sent
//     again, the latest choice, the way the in-flight hook checks (docs/reliability.md): at once when the
//     browser says it is back online, else after 5 s, 10 s, 20 s, then every 30 s; meanwhile the status is
//     `checking` (the settings say so). Setting the same absolute value twice leaves the same row, so the
//     answer to that check is the truth. A new choice also sends at once.
//
// The page keeps its writer for its whole life (the answer is still awaited after the screen that asked is
// gone: the page shows that language, the profile must follow).
import type { Db, Locale, LocaleSaved, LocaleSaveStatus } from '@guestmap/shared-ui/contracts';
import { checkDelayMs, isConnectionError } from '@guestmap/shared-ui/in-flight';

/** The profile's write (`profiles.language` of that user's row): throws the error, a refusal or no answer. */
export async function writeProfileLanguage(db: Db, userId: string, language: Locale): Promise<void> {
  const { error } = await db.from('profiles').update({ language }).eq('id', userId).select('id').single();
  if (error) throw error;
}

export interface LocaleWriterDeps {
  /** Writes the language into that user's profile row; throws the error (a refusal, or no answer). */
  write: (userId: string, locale: Locale) => Promise<void>;
  /** The writer's status changed (the contract's `localeSave`). */
  onStatus: (status: LocaleSaveStatus) => void;
  /** The profile now holds `locale` (the latest choice). */
  onSaved: (userId: string, locale: Locale) => void;
  /** Resolves when the n-th check is due or `wake` is called (default: the in-flight hook's schedule, or `online`). */
  waitForCheck?: (n: number, wake: Promise<void>) => Promise<void>;
}

interface Choice {
  userId: string;
  locale: Locale;
  resolve: (outcome: LocaleSaved) => void;
}

export interface LocaleWriter {
  /**
   * Saves a choice. `current` is the language the profile holds as far as the page knows: with nothing being
   * written, choosing it again writes nothing (`saved` at once).
   */
  save: (userId: string, locale: Locale, current: Locale | null) => Promise<LocaleSaved>;
  /** True while a choice is being written or waits to be (a profile row pushed meanwhile is older). */
  busy: () => boolean;
}

function scheduledCheck(n: number, wake: Promise<void>): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      if (typeof window !== 'undefined') window.removeEventListener('online', done);
      resolve();
    };
    const timer = setTimeout(done, checkDelayMs(n));
    if (typeof window !== 'undefined') window.addEventListener('online', done);
    void wake.then(done);
  });
}

export function createLocaleWriter(deps: LocaleWriterDeps): LocaleWriter {
  const waitForCheck = deps.waitForCheck ?? scheduledCheck;
  /** The latest choice not saved yet (being written, or waiting for the write before it). */
  let latest: Choice | null = null;
  let running = false;
  let status: LocaleSaveStatus = 'idle';
  let wakeUp: () => void = () => undefined;

  const setStatus = (s: LocaleSaveStatus) => {
    if (s === status) return;
    status = s;
    deps.onStatus(s);
  };

  async function pump() {
    if (running) return;
    running = true;
    let unanswered = 0;
    try {
      while (latest) {
        const choice = latest;
        setStatus(unanswered > 0 ? 'checking' : 'saving');
        try {
          await deps.write(choice.userId, choice.locale);
          unanswered = 0;
          // A later choice arrived while this one was on its way: it is written next (this one was told).
          if (latest !== choice) continue;
          latest = null;
          deps.onSaved(choice.userId, choice.locale);
          choice.resolve('saved');
        } catch (e) {
          if (!isConnectionError(e)) {
            unanswered = 0;
            if (latest === choice) {
              latest = null;
              choice.resolve('refused');
            }
            continue;
          }
          // No answer: whether it landed is unknown; the latest choice is sent again when the check is due
          // (a newer choice than the one just tried: now).
          setStatus('checking');
          if (latest !== choice) {
            unanswered++;
            continue;
          }
          const wake = new Promise<void>((r) => (wakeUp = r));
          await waitForCheck(unanswered++, wake);
        }
      }
    } finally {
      running = false;
      setStatus('idle');
    }
  }

  return {
    save: (userId, locale, current) =>
      new Promise<LocaleSaved>((resolve) => {
        if (!latest && !running && current === locale) return resolve('saved');
        latest?.resolve('superseded');
        latest = { userId, locale, resolve };
        // Waiting for a check: the new choice is sent now.
        wakeUp();
        void pump();
      }),
    busy: () => latest !== null || running,
  };
}
