import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // The app's database tests; each file starts its own stack(s) (@guestmap/local-stack). Two cores: keep
    // parallelism modest.
    maxWorkers: 2,
    fileParallelism: true,
  },
});
