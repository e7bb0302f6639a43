// Async boundary: shared singletons are negotiated with the remotes before the app runs. The boot starts
// a task after this entry (Module Federation's runtime and share scope) so the two are not one long task.
import { yieldToMain } from './app/idle.ts';
import { showBootFailure } from './app/boot-failed.ts';

// A boot file that does not arrive would leave the page on its spinner: say so, with a button to try again.
void yieldToMain()
  .then(() => import(/* webpackChunkName: "boot" */ './bootstrap'))
  .catch((e: unknown) => showBootFailure(e));
