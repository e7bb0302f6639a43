import { defineConfig } from 'vitest/config';

// Unit tests live beside the code (src/**/x.test.ts). They cover pure logic, so Node is enough
// (no DOM start-up cost); Playwright specs in e2e/ are not vitest's.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: ['e2e/**', 'dist/**', 'node_modules/**'],
  },
});
