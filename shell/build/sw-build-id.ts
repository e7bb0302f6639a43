// Production only: writes the build's id into the service worker (public/sw.js). A deploy of the shell then
// changes sw.js, so browsers install the worker again, and the installing worker keeps the new files with
// their compiled code (docs/offline.md). Without it, sw.js never changed: a deploy's files were kept as they
// were first fetched and compiled from scratch on the first visits after it.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { RsbuildPlugin } from '@rsbuild/core';

export const SW_FILE = 'sw.js';
const PLACEHOLDER = /const BUILD = '[^']*';/;

/** sw.js with the id of a build whose emitted files are `assetNames` (hashed names: the id follows every change). */
export function withBuildId(code: string, assetNames: string[]): string {
  if (!PLACEHOLDER.test(code)) throw new Error(`${SW_FILE}: no "const BUILD = '…';" line to write the build id into`);
  const names = assetNames.filter((n) => n !== SW_FILE).sort();
  const id = crypto.createHash('sha256').update(names.join('\n')).digest('hex').slice(0, 12);
  return code.replace(PLACEHOLDER, `const BUILD = '${id}';`);
}

/** Every file under `dir`, as paths relative to it. */
function filesUnder(dir: string, rel = ''): string[] {
  return fs
    .readdirSync(path.join(dir, rel), { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesUnder(dir, path.join(rel, e.name)) : [path.join(rel, e.name)]));
}

export function pluginSwBuildId(): RsbuildPlugin {
  return {
    name: 'guestmap-sw-build-id',
    setup(api) {
      // After the build: rsbuild copies public/ (sw.js) into the output itself, outside the compilation's assets.
      api.onAfterBuild(() => {
        const dist = api.context.distPath;
        const file = path.join(dist, SW_FILE);
        if (!fs.existsSync(file)) throw new Error(`${SW_FILE} is not among the shell's files (${dist})`);
        fs.writeFileSync(
          file,
          withBuildId(
            fs.readFileSync(file, 'utf8'),
            filesUnder(dist).map((f) => f.split(path.sep).join('/')),
          ),
        );
      });
    },
  };
}
