// The rule that keeps requests in api/ files, on the code it must refuse and the code it must let through.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ESLint, RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { queriesInApi } from './queries-in-api.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;
const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2023, sourceType: 'module' },
});

const COMPONENT = '/repo/mfe-dashboard/src/features/settings/components/customer-settings-form.tsx';
const HOOK = '/repo/mfe-dashboard/src/features/settings/hooks/use-customer-settings.ts';
const API = '/repo/mfe-dashboard/src/features/settings/api/update-customer.ts';
const SHELL_APP = '/repo/shell/src/app/locale-save.ts';
const SHELL_BOOT = '/repo/shell/src/bootstrap.tsx';
const err = (name) => ({ messageId: 'query', data: { name } });

tester.run('queries-in-api', queriesInApi, {
  valid: [
    // Any file in an api/ folder: a feature's, a remote's lib/api/, shared-ui's harness/api/, new ones too.
    { filename: API, code: "await db.from('customers').update(p).eq('id', id);" },
    { filename: '/repo/mfe-dashboard/src/features/new-thing/api/list-things.ts', code: "db.rpc('list_things', {});" },
    { filename: '/repo/mfe-map/src/lib/api/get-places.ts', code: "supabase.storage.from('photos').getPublicUrl(p);" },
    { filename: '/repo/mfe-map/src/features/live/api/watch.ts', code: "supabase.channel('x').subscribe();" },
    { filename: 'C:\\repo\\mfe-map\\src\\lib\\api\\x.ts', code: "db.from('t').select();" },
    // The shell's app/ services, with the option the shell's lint config gives.
    { filename: SHELL_APP, code: "db.from('profiles').update({ language });", options: [{ allow: ['src/app'] }] },
    // Not a client: constructors' from, the browser's storage manager, other names.
    { filename: COMPONENT, code: 'Array.from(x); Buffer.from(s); Uint8Array.from(b, f); new Set(Array.from(y));' },
    { filename: COMPONENT, code: 'navigator.storage.estimate(); localStorage.getItem(k); sessionStorage.clear();' },
    { filename: HOOK, code: 'fetchCustomer(db, id); updateCustomer(db, id, patch); db.auth.getSession();' },
    { filename: COMPONENT, code: 'const { data, error } = await listThings(db); const o = { from: 1, rpc: 2 };' },
    // A field named from (a date range), read and passed on: not a request.
    { filename: COMPONENT, code: 'await figures(db, period.from, period.to); const a = range.from;' },
  ],
  invalid: [
    { filename: COMPONENT, code: "db.from('customers').update(p).eq('id', id);", errors: [err('from')] },
    { filename: HOOK, code: "void db.rpc('set_home_customer', { p_customer_id: id });", errors: [err('rpc')] },
    { filename: COMPONENT, code: "db.storage.from('logos').upload(path, file);", errors: [err('storage')] },
    { filename: HOOK, code: "supabase.channel('profile').on('x', f).subscribe();", errors: [err('channel')] },
    {
      filename: SHELL_BOOT,
      code: "supabase.db.from('profiles').select('*');",
      options: [{ allow: ['src/app'] }],
      errors: [err('from')],
    },
    // The shell's allowance is its own: another app's app/ folder is not an api layer.
    { filename: '/repo/mfe-map/src/app/x.ts', code: "db.from('t').select();", errors: [err('from')] },
    // Written another way: computed, handed on, taken apart, on a call's result.
    { filename: COMPONENT, code: "db['rpc']('f');", errors: [err('rpc')] },
    { filename: COMPONENT, code: 'const call = db.rpc; call.call(db, f, a);', errors: [err('rpc')] },
    { filename: COMPONENT, code: 'const { from, storage } = useDb();', errors: [err('from'), err('storage')] },
    { filename: COMPONENT, code: "useDb().from('t').select();", errors: [err('from')] },
    { filename: COMPONENT, code: "platform.supabase.storage.from('photos');", errors: [err('storage')] },
    // A file whose name only mentions api is not in an api/ folder.
    { filename: '/repo/mfe-map/src/lib/api-client.ts', code: "db.from('t').select();", errors: [err('from')] },
  ],
});

// Every app and shared-ui has the rule on (the shell with its app/ services as its api layer), and no source file
// switches it off: neither by name nor by a directive that switches every rule off.
const ROOT = path.resolve(import.meta.dirname, '../..');
const PACKAGES = ['shell', 'mfe-marketing', 'mfe-map', 'mfe-account', 'mfe-dashboard', 'shared-ui'];

describe('the rule in the packages', () => {
  for (const pkg of PACKAGES)
    it(`is on in ${pkg}'s code and off in its tests`, async () => {
      const eslint = new ESLint({ cwd: path.join(ROOT, pkg) });
      const [level, options] = (await eslint.calculateConfigForFile('src/x/y.tsx')).rules['guestmap/queries-in-api'];
      expect(level).toBe(2);
      expect(options).toEqual({ allow: pkg === 'shell' ? ['src/app'] : [] });
      const test = await eslint.calculateConfigForFile('src/x/y.test.tsx');
      expect(test.rules['guestmap/queries-in-api']).toBeUndefined();
    }, 30_000);

  it('is never switched off in a source file', () => {
    const offenders = [];
    const walk = (dir) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (/\.(ts|tsx|js|jsx|mjs)$/.test(e.name)) {
          for (const m of fs.readFileSync(p, 'utf8').matchAll(/eslint-disable(?:-next-line|-line)?([^\n*]*)/g)) {
            const rules = m[1].split('--')[0].trim();
            if (!rules || rules.includes('queries-in-api')) offenders.push(`${path.relative(ROOT, p)}: ${m[0]}`);
          }
        }
      }
    };
    for (const pkg of PACKAGES) walk(path.join(ROOT, pkg, 'src'));
    expect(offenders).toEqual([]);
  });
});
