import { defineConfig } from 'vitest/config';

// Unit and component tests live beside the code (src/**/x.test.ts[x]); Playwright specs in e2e/ are not vitest's.
export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs', 'build/**/*.test.ts', 'lint/**/*.test.mjs'],
    exclude: ['e2e/**', 'dist/**', 'node_modules/**'],
  },
});
