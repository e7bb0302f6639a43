import path from 'node:path';
import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

// The router as one ES module for the component tests: shared-ui's MemoryRouter (renderWithPlatform) and the
// screens' hooks (shared-ui/contracts) must share its context, and Node's conditions would load its CommonJS
// copy for one of them.
const fromSharedUi = createRequire(path.join(import.meta.dirname, '../shared-ui/package.json'));
const pkgDir = (name: string) => path.dirname(fromSharedUi.resolve(`${name}/package.json`));
const resolve = {
  alias: [
    { find: /^react-router$/, replacement: path.join(pkgDir('react-router'), 'dist/development/index.mjs') },
    { find: /^react-router-dom$/, replacement: path.join(pkgDir('react-router-dom'), 'dist/index.mjs') },
  ],
};
const SCREENS = 'src/expose/screens.test.tsx';
// Screens' tests beside their feature that also need the stack.
const ON_THE_STACK = [SCREENS, 'src/features/settings/components/customer-settings-form.test.tsx'];

// Unit and component tests live beside the code (src/**/x.test.ts[x]); Playwright specs in e2e/ are not vitest's.
// The screens' tests are a project of their own: only they start the local stack (src/test/stack-setup.ts), once
// for all their files.
export default defineConfig({
  test: {
    projects: [
      {
        resolve,
        test: {
          name: 'unit',
          environment: 'jsdom',
          setupFiles: ['src/test/jsdom-setup.ts'],
          include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs', 'build/**/*.test.ts'],
          exclude: ['e2e/**', 'dist/**', 'node_modules/**', ...ON_THE_STACK],
        },
      },
      {
        resolve,
        test: {
          name: 'screens',
          environment: 'jsdom',
          setupFiles: ['src/test/jsdom-setup.ts'],
          globalSetup: ['src/test/stack-setup.ts'],
          server: { deps: { inline: ['react-router', 'react-router-dom'] } },
          include: ON_THE_STACK,
          testTimeout: 90_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
