// Production only: the HTML's deferred scripts become preloads started by src/start.js once the first
// frame is painted (why: src/start.js). The start script is emitted under static/js/ with a hash of
// its content, so it is cached like every other hashed file (immutable; the service worker keeps it).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { RsbuildPlugin } from '@rsbuild/core';

export function pluginPaintFirst(startFile: string): RsbuildPlugin {
  const code = fs.readFileSync(startFile, 'utf8');
  const name = `static/js/start.${crypto.createHash('sha256').update(code).digest('hex').slice(0, 10)}.js`;
  return {
    name: 'guestmap-paint-first',
    setup(api) {
      api.processAssets({ stage: 'additional' }, ({ compilation, sources }) => {
        compilation.emitAsset(name, new sources.RawSource(code));
      });
      api.modifyHTMLTags(({ headTags, bodyTags }) => {
        let moved = 0;
        const head = headTags.map((t) => {
          const src = t.attrs?.src;
          if (t.tag !== 'script' || typeof src !== 'string' || !t.attrs?.defer) return t;
          moved++;
          return { tag: 'link', attrs: { rel: 'preload', as: 'script', href: src, 'data-gm-start': true } };
        });
        if (moved === 0) throw new Error(`${path.basename(startFile)}: the HTML has no deferred script to start`);
        head.push({ tag: 'script', attrs: { defer: true, src: `/${name}` } });
        return { headTags: head, bodyTags };
      });
    },
  };
}
