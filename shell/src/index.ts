// Async boundary: shared singletons are negotiated with the remotes before the app runs. The boot starts
// a task after this entry (Module Federation's runtime and share scope) so the two are not one long task.
import { yieldToMain } from './app/idle.ts';

void yieldToMain().then(() => import(/* webpackChunkName: "boot" */ './bootstrap'));
