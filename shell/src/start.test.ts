// The production start script (src/start.js): the shell's scripts and the screen's hints start once the
// first frame is painted, in order, once; a page that is not shown starts at once.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const code = fs.readFileSync(path.join(import.meta.dirname, 'start.js'), 'utf8');
const run = () => new Function(code)();

function page(visibility: 'visible' | 'hidden') {
  document.head.innerHTML =
    '<link rel="preload" as="script" href="/static/js/lib.1.js" data-gm-start>' +
    '<link rel="preload" as="script" href="/static/js/index.2.js" data-gm-start>' +
    '<link rel="preload" as="script" href="/static/js/async/boot.3.js">';
  document.body.innerHTML =
    '<script type="application/json" id="gm-hints">[' +
    '{"rel":"preload","href":"http://r/mf-manifest.json","as":"fetch","crossorigin":"anonymous","fetchpriority":"low"},' +
    '{"rel":"stylesheet","href":"http://elsewhere/x.css"},' +
    '{"rel":"prefetch","href":"http://r/static/js/r.4.js","as":"script"}]</script>';
  Object.defineProperty(document, 'visibilityState', { value: visibility, configurable: true });
}
const scripts = () =>
  [...document.head.querySelectorAll('script')].map((s) => `${new URL(s.src).pathname} async=${s.async}`);
const hints = () =>
  [...document.head.querySelectorAll('link:not([data-gm-start]):not([href*="boot"])')].map(
    (l) => `${l.getAttribute('rel')} ${l.getAttribute('href')}${l.getAttribute('crossorigin') ? ' cors' : ''}`,
  );

describe('start script', () => {
  let frame: FrameRequestCallback | null;
  beforeEach(() => {
    vi.useFakeTimers();
    frame = null;
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => ((frame = cb), 1));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('runs nothing before the first frame, then the shell’s scripts in order and the screen’s hints, once', () => {
    page('visible');
    run();
    expect(scripts()).toEqual([]);
    expect(hints()).toEqual([]);
    frame!(0);
    expect(scripts()).toEqual([]);
    vi.advanceTimersByTime(0);
    // One element per task, the shell's scripts first.
    expect(scripts()).toEqual(['/static/js/lib.1.js async=false']);
    vi.advanceTimersByTime(1);
    expect(scripts()).toEqual(['/static/js/lib.1.js async=false', '/static/js/index.2.js async=false']);
    expect(hints()).toEqual([]);
    vi.advanceTimersByTime(10);
    // Only the kinds of hint it knows: no stylesheet from the data.
    expect(hints()).toEqual(['preload http://r/mf-manifest.json cors', 'prefetch http://r/static/js/r.4.js']);
    vi.advanceTimersByTime(500);
    expect(scripts()).toHaveLength(2);
  });

  it('starts after 100 ms when no frame comes, and at once in a page that is not shown', () => {
    page('visible');
    run();
    vi.advanceTimersByTime(99);
    expect(scripts()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(scripts()).toHaveLength(1);
    vi.advanceTimersByTime(10);
    expect(scripts()).toHaveLength(2);

    page('hidden');
    frame = null;
    run();
    expect(scripts()).toHaveLength(1);
    vi.advanceTimersByTime(10);
    expect(scripts()).toHaveLength(2);
    expect(frame).toBeNull();
  });
});
