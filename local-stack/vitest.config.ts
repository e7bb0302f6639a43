import { defineConfig } from 'vitest/config';
import { dropLibraryNodeWarning } from './testing/console-filter.ts';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/**/*.test.ts', 'src/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Each file starts its own stack(s); two cores: keep parallelism modest.
    maxWorkers: 2,
    fileParallelism: true,
    onConsoleLog: dropLibraryNodeWarning,
  },
});
