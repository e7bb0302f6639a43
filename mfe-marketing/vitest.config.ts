import { defineConfig } from 'vitest/config';

export default defineConfig({
  // One copy of the router for the screens (the contract imports react-router) and renderWithPlatform's
  // MemoryRouter (react-router-dom, which only re-exports it): left to Node, react-router-dom loads
  // react-router's other build, whose router context the screens do not see.
  resolve: { alias: { 'react-router-dom': 'react-router' } },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.{ts,tsx}'],
  },
});
