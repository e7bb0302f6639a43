import { defineConfig } from 'vitest/config';

// Unit tests live beside the code (src/**/x.test.ts). They cover pure logic, so Node is enough
// (no DOM start-up cost); the screens' component tests ask for jsdom in their first line. Playwright
// specs in e2e/ are not vitest's.
export default defineConfig({
  // One copy of the router for the screens (the contract imports react-router) and renderWithPlatform's
  // MemoryRouter (react-router-dom, which only re-exports it): left to Node, react-router-dom loads
  // react-router's other build, whose router context the screens do not see.
  resolve: { alias: { 'react-router-dom': 'react-router' } },
  test: {
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: ['e2e/**', 'dist/**', 'node_modules/**'],
  },
});
