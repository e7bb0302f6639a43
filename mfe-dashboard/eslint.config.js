import fs from 'node:fs';
import path from 'node:path';
import { guestmapEslint } from '../shared-ui/lint/eslint-base.js';

// Zones of this remote (docs/dashboard.md "Where code goes"): a feature imports only itself, `src/lib`,
// shared-ui and libraries; `src/lib` imports no feature (nor a screen of `src/expose`). Written here with the
// built-in rule until the shared lint base has a zone option (then this file becomes one option of it).
// An option of `no-restricted-imports` replaces the one before it for the same files, so each block repeats
// the base's own patterns and adds its zone.
const RULE = '@typescript-eslint/no-restricted-imports';
const base = guestmapEslint({ self: 'mfe-dashboard' });
const patternsOf = (block) => block?.rules?.[RULE]?.[1]?.patterns ?? [];
const forTests = patternsOf(base.findLast((b) => b.rules?.[RULE] && !b.files));
const forSource = patternsOf(base.findLast((b) => b.rules?.[RULE] && b.files));

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const dir = path.join(import.meta.dirname, 'src/features');
const features = fs.readdirSync(dir).filter((f) => fs.statSync(path.join(dir, f)).isDirectory());

/** Blocks for the files matched by `files`: source files get the base's source patterns, tests the general ones. */
const zone = (files, patterns) => [
  { files, ignores: ['**/*.test.{ts,tsx}'], rules: { [RULE]: ['error', { patterns: [...forSource, ...patterns] }] } },
  {
    files: files.map((f) => f.replace(/\.\{ts,tsx\}$/, '.test.{ts,tsx}')),
    rules: { [RULE]: ['error', { patterns: [...forTests, ...patterns] }] },
  },
];

const featureZones = features.flatMap((feature) => {
  const self = escape(feature);
  const message = `features do not import each other: ${feature} may import itself, src/lib, shared-ui and libraries (move what two features share to src/lib).`;
  // A file `depth` folders below src/features/<feature>/ reaches src/features/ with depth + 1 `../`.
  return [0, 1, 2].flatMap((depth) => {
    const up = '\\.\\./'.repeat(depth + 1);
    const files = [`src/features/${feature}/${'*/'.repeat(depth)}*.{ts,tsx}`];
    return zone(files, [
      { regex: `^${up}(?!${self}/|\\.\\./)[^/]+/`, message },
      { regex: `(^|/)features/(?!${self}/)`, message },
      { regex: `(^|/)expose/`, message: 'features do not import screens: src/expose composes features.' },
    ]);
  });
});

const libZone = zone(
  ['src/lib/**/*.{ts,tsx}'],
  [
    {
      regex: '(^|/)(features|expose)(/|$)',
      message: 'src/lib is shared by every feature: it imports no feature and no screen.',
    },
  ],
);

export default [...base, ...featureZones, ...libZone];
