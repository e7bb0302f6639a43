#!/usr/bin/env node
// `local-stack start [--workdir DIR] [--reset] [--memory]` and `local-stack gen-types`: the stack's CLI
// (src/cli.ts) run through tsx, so a project's package.json can call it as it would call `supabase start`.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
