// The browser tests' guard against flakes (e2e/retry-reporter.ts): one test a run that passed only on its
// retry is reported and let through; a second fails the run; a test listed in known-flaky.json uses no budget.
// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import RetryReporter, { RETRY_BUDGET } from '../e2e/retry-reporter.ts';

/** A test as Playwright's reporter API shows it, failed on its first run and then passed (or not). */
function flakyTest(title, line, outcome = 'flaky') {
  return {
    title,
    location: { file: path.join(process.cwd(), 'e2e', 'x.spec.ts'), line },
    parent: { project: () => ({ name: 'shell' }) },
    titlePath: () => ['', 'shell', 'x.spec.ts', title],
    outcome: () => outcome,
  };
}

async function run(tests) {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'retry-reporter-'));
  const reporter = new RetryReporter();
  reporter.onBegin({ projects: [{ outputDir: out }] });
  for (const t of tests) {
    reporter.onTestEnd(t, { retry: 0, status: 'failed', error: { message: `boom in ${t.title}` } });
    if (t.outcome() === 'flaky') reporter.onTestEnd(t, { retry: 1, status: 'passed' });
  }
  const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  try {
    const verdict = await reporter.onEnd({ status: 'passed' });
    return {
      verdict,
      printed: log.mock.calls.map((c) => c.join(' ')).join('\n'),
      file: JSON.parse(fs.readFileSync(path.join(out, 'retried.json'), 'utf8')),
    };
  } finally {
    log.mockRestore();
    fs.rmSync(out, { recursive: true, force: true });
  }
}

describe('the retry guard', () => {
  it('lets one flaky test through, and prints and records it with its first error', async () => {
    expect(RETRY_BUDGET).toBe(1);
    const r = await run([flakyTest('opens the map', 12)]);
    expect(r.verdict).toBeUndefined();
    expect(r.printed).toContain('1 test(s) needed a retry');
    expect(r.printed).toContain('boom in opens the map');
    expect(r.file).toHaveLength(1);
    expect(r.file[0].test).toBe('shell › e2e/x.spec.ts:12');
  });

  it('fails the run on a second flaky test', async () => {
    const r = await run([flakyTest('opens the map', 12), flakyTest('saves a place', 40)]);
    expect(r.verdict).toEqual({ status: 'failed' });
    expect(r.printed).toContain('2 test(s) passed only on a retry');
  });

  it('does not count a test that failed on its retry too (Playwright fails the run for it)', async () => {
    const r = await run([flakyTest('opens the map', 12), flakyTest('saves a place', 40, 'unexpected')]);
    expect(r.verdict).toBeUndefined();
    expect(r.file).toHaveLength(1);
  });
});
