// The screens' component tests (project "screens" in vitest.config.ts) read and write through the real local
// stack (PGlite with the seed). It runs here, in vitest's own Node process, not inside the tests' jsdom: the
// stack's server is then a server of its own, as in the browser tests, and one start serves every file.
import type { TestProject } from 'vitest/node';
import { startTestStack } from '@guestmap/local-stack/testing/stack.ts';

export interface StackAddress {
  apiUrl: string;
  anonKey: string;
  serviceKey: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackAddress;
  }
}

export default async function setup(project: TestProject) {
  const stack = await startTestStack('pglite');
  project.provide('stack', {
    apiUrl: stack.apiUrl,
    anonKey: stack.config.auth.anonKey,
    serviceKey: stack.config.auth.serviceRoleKey,
  });
  return async () => {
    await stack.stop();
  };
}
