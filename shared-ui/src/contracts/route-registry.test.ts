// The route registry is the one list of routes: this fails when a list derived from it (paths, exposes, a
// remote's build or screens' files, the harness) drifts from it. The shell's route table and the server's
// early pages are checked against it in shell/src/routes/route-table.test.ts.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTE_REGISTRY, EXTRA_MODULES, REMOTE_NAMES, exposeFileOf, modulesOf, pathPattern } from './route-registry.js';
import { ROUTES, ROUTE_NAMES, pathFor } from './routes.ts';
import { EXPOSES } from './index.ts';
import { harnessScreens } from '../harness/index.tsx';
import { exposesOf } from '../../build/rsbuild-app.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const exposeDir = (remote: string) => path.join(root, `mfe-${remote}`, 'src', 'expose');
const screenFiles = (remote: string) =>
  fs
    .readdirSync(exposeDir(remote))
    .filter((f) => f.endsWith('.tsx'))
    .sort();

describe('the route registry', () => {
  it('gives every route its path, in the registry’s order', () => {
    expect(ROUTE_NAMES).toEqual(Object.keys(ROUTE_REGISTRY));
    for (const name of ROUTE_NAMES) expect(ROUTES[name]).toBe(ROUTE_REGISTRY[name].path);
  });

  it('names the modules each remote exposes: its routes’ screens and its dialogs', () => {
    for (const remote of REMOTE_NAMES) {
      expect(EXPOSES[remote]).toEqual(modulesOf(remote));
      for (const m of EXTRA_MODULES[remote]) expect(EXPOSES[remote]).toContain(m);
    }
    // A screen two routes render (account's UserSettings: User and UserSettings) is exposed once.
    for (const remote of REMOTE_NAMES) expect(new Set(EXPOSES[remote]).size, remote).toBe(EXPOSES[remote].length);
    expect(EXPOSES.account.filter((m) => m === 'UserSettings')).toEqual(['UserSettings']);
    expect(EXPOSES.account).toEqual(expect.arrayContaining(['UserSettings', 'CustomerCreate', 'AuthDialog']));
  });

  it('has a screen file in each remote for every module it exposes', () => {
    for (const remote of REMOTE_NAMES)
      expect(screenFiles(remote), remote).toEqual(expect.arrayContaining(modulesOf(remote).map(exposeFileOf)));
  });

  it('is what each remote’s build exposes', () => {
    for (const remote of REMOTE_NAMES) {
      const config = fs.readFileSync(path.join(root, `mfe-${remote}`, 'rsbuild.config.ts'), 'utf8');
      expect(config, `mfe-${remote}/rsbuild.config.ts exposes exposesOf('${remote}')`).toContain(
        `exposes: exposesOf('${remote}')`,
      );
      const exposes = exposesOf(remote);
      expect(Object.keys(exposes).sort()).toEqual([...modulesOf(remote).map((m) => `./${m}`), './register'].sort());
      for (const file of Object.values(exposes))
        expect(fs.existsSync(path.join(root, `mfe-${remote}`, file)), `mfe-${remote}/${file}`).toBe(true);
    }
  });

  it('gives each remote’s dev harness the screen of every route of that remote', async () => {
    for (const remote of REMOTE_NAMES) {
      const bootstrap = fs.readFileSync(path.join(root, `mfe-${remote}`, 'src', 'bootstrap.tsx'), 'utf8');
      expect(bootstrap).toContain("expose: import.meta.webpackContext('./expose'");
      const folder = Object.assign(async (file: string) => ({ default: file }), {
        keys: () => screenFiles(remote).map((f) => `./${f}`),
      });
      const screens = (await harnessScreens(remote, folder)) as Record<string, unknown>;
      const routes = ROUTE_NAMES.filter((n) => ROUTE_REGISTRY[n].remote === remote);
      expect(Object.keys(screens)).toEqual(routes);
      for (const n of routes) expect(screens[n]).toBe(`./${exposeFileOf(ROUTE_REGISTRY[n].module)}`);
    }
  });

  it('starts early only public pages', () => {
    for (const r of Object.values(ROUTE_REGISTRY)) if ('early' in r && r.early) expect(r.guard).toBe('none');
  });

  it('matches a route’s paths on the server as the router does: one segment per parameter, no file names', () => {
    const re = pathPattern(ROUTES.Activity);
    expect(re.test(pathFor('Activity', { customerId: 'hcmc' }))).toBe(true);
    expect(re.test(pathFor('Activity', { customerId: 'hcmc', activitySlug: 'pho', activityId: '42' }))).toBe(true);
    expect(re.test('/hcmc/map/pho/42/')).toBe(true);
    expect(re.test('/hcmc/map/pho/42/x')).toBe(false);
    expect(re.test('/favicon.ico/map')).toBe(false);
    expect(pathPattern('/').test('/')).toBe(true);
    expect(pathPattern(ROUTES.Hotels).test('/hotels/')).toBe(true);
    expect(pathPattern(ROUTES.Hotels).test('/hotelsx')).toBe(false);
  });
});
