import { describe, expect, it } from 'vitest';
import { dropPreloadHints } from './remotes.ts';

describe('Retry after a remote failed', () => {
  it('drops the page’s preload hints for that remote’s files, and only those', () => {
    document.head.innerHTML =
      '<link rel="preload" href="http://127.0.0.1:3002/mf-manifest.json" as="fetch" crossorigin="anonymous">' +
      '<link rel="preload" href="http://127.0.0.1:3002/static/js/map.1.js" as="script">' +
      '<link rel="preload" href="http://127.0.0.1:3001/static/js/marketing.1.js" as="script">' +
      '<link rel="preload" href="/static/js/async/boot.1.js" as="script">' +
      '<link rel="stylesheet" href="http://127.0.0.1:3002/x.css">';
    dropPreloadHints('http://127.0.0.1:3002/mf-manifest.json');
    const left = [...document.head.querySelectorAll('link')].map((l) => l.getAttribute('href'));
    expect(left).toEqual(['http://127.0.0.1:3001/static/js/marketing.1.js', '/static/js/async/boot.1.js', 'http://127.0.0.1:3002/x.css']);
  });
});
