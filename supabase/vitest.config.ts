import { defineConfig } from 'vitest/config';
import { dropLibraryNodeWarning } from '../local-stack/testing/console-filter.ts';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // The app's database tests; each file starts its own stack(s) (@guestmap/local-stack): on PGlite from the
    // run's migrated image, on PostgreSQL as a copy of the run's migrated template database on one server for
    // the whole run (../local-stack/testing/global-setup.ts, image.ts). Two cores: keep parallelism modest.
    globalSetup: ['../local-stack/testing/global-setup.ts'],
    maxWorkers: 2,
    fileParallelism: true,
    onConsoleLog: dropLibraryNodeWarning,
  },
});
