// Standalone: this remote alone inside the dev harness (same platform context as in the shell). Its
// screens are the files of src/expose/ that the route registry names (shared-ui/src/contracts/route-registry.js),
// each loaded when the harness starts ('lazy': the production build, which never runs this file, keeps its
// screens' chunks as the shell loads them).
import { mountHarness } from '@guestmap/shared-ui/harness';
import register from './expose/register.ts';

void mountHarness({
  remote: 'dashboard',
  register,
  // The screens, not their tests (x.test.tsx beside them).
  expose: import.meta.webpackContext('./expose', { recursive: false, regExp: /^\.\/[^.]+\.tsx$/, mode: 'lazy' }),
});
