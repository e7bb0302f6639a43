// One Rsbuild + Module Federation configuration for every Guestmap app, so the shared singletons,
// ports and output rules cannot drift between the shell and the remotes.
import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, rspack, type RsbuildConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { exposeFileOf, modulesOf } from '../src/contracts/route-registry.js';

export const PORTS = { shell: 3000, marketing: 3001, map: 3002, account: 3003, dashboard: 3004 } as const;
export type AppName = keyof typeof PORTS;

const sharedUiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const version = (pkg: string) =>
  JSON.parse(fs.readFileSync(path.join(sharedUiDir, 'node_modules', pkg, 'package.json'), 'utf8')).version as string;

/** Libraries with exactly one copy in the page. */
export function sharedSingletons(opts: { eager?: boolean; dataLayer?: boolean } = {}) {
  const single = (requiredVersion: string | false, lazy = false) => ({
    singleton: true,
    requiredVersion,
    strictVersion: false,
    ...(opts.eager && !lazy ? { eager: true } : {}),
  });
  const v = (pkg: string) => `^${version(pkg)}`;
  return {
    react: single(v('react')),
    'react/jsx-runtime': single(v('react')),
    // 'react/jsx-dev-runtime' is not shared: in dev the remote's own copy delegates to the one shared React.
    'react-dom': single(v('react-dom')),
    'react-dom/client': single(v('react-dom')),
    // react-router is not shared: remotes use its hooks through '@guestmap/shared-ui/contracts' (the
    // shell's copy), so the shell ships only the router parts it uses instead of the whole library.
    // react-i18next, react-redux and Redux Toolkit are not shared either: remotes use useTranslation,
    // useSelector and createSlice through the contract (shared-ui/src/contracts/libraries.ts).
    i18next: single(v('i18next')),
    // Never eager: the shell loads it when a session may exist or on first use (shell/src/app/supabase-loader.ts).
    '@supabase/supabase-js': single(v('@supabase/supabase-js'), true),
    '@guestmap/shared-ui/contracts': single(false),
    '@guestmap/shared-ui/i18n': single(false),
    '@guestmap/shared-ui/components': single(false),
    // The data layer (one RTK Query cache per page, docs/platform.md "The data layer"): shared by the remotes,
    // never provided by the shell, so no first screen carries it; the first remote that reads with it loads it.
    ...(opts.dataLayer ? { '@guestmap/shared-ui/data': single(false, true) } : {}),
  };
}

/** The file a remote publishes beside its manifest: its entry and, per exposed module, every script that
 *  module needs at once (the manifest leaves out the chunks it shares with others). The shell's server
 *  reads it to let a page start downloading its screen with the shell (shell/scripts/prefill.mjs). */
export const PRELOAD_LIST = 'mf-preload.json';

interface ChunkLike {
  files: Iterable<string>;
}
interface ChunkGroupLike {
  chunks: ChunkLike[];
}
interface CompilationLike {
  namedChunkGroups: { get(name: string): ChunkGroupLike | undefined };
  emitAsset(file: string, source: unknown): void;
  hooks: { processAssets: { tap(opts: { name: string; stage: number }, fn: () => void): void } };
  compiler: {
    webpack: {
      sources: { RawSource: new (s: string) => unknown };
      Compilation: { PROCESS_ASSETS_STAGE_REPORT: number };
    };
  };
}
interface CompilerLike {
  hooks: { thisCompilation: { tap(name: string, fn: (c: CompilationLike) => void): void } };
}

function preloadListPlugin(name: string, exposes: string[]) {
  const scripts = (group: ChunkGroupLike | undefined) =>
    group ? group.chunks.flatMap((c) => [...c.files]).filter((f) => f.endsWith('.js')) : [];
  return {
    apply(compiler: CompilerLike) {
      compiler.hooks.thisCompilation.tap('guestmap-preload-list', (compilation) => {
        const { RawSource } = compilation.compiler.webpack.sources;
        compilation.hooks.processAssets.tap(
          {
            name: 'guestmap-preload-list',
            stage: compilation.compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT,
          },
          () => {
            const list = {
              entry: scripts(compilation.namedChunkGroups.get(name)),
              exposes: Object.fromEntries(
                exposes.map((e) => [
                  e,
                  scripts(compilation.namedChunkGroups.get(`__federation_expose_${e.replace(/^\.\//, '')}`)),
                ]),
              ),
            };
            compilation.emitAsset(PRELOAD_LIST, new RawSource(JSON.stringify(list)));
          },
        );
      });
    },
  };
}

/**
 * What a remote exposes, from the route registry (shared-ui/src/contracts/route-registry.js): each of its
 * screens as `./<Module>` from `./src/expose/<kebab-case module>.tsx`, and `./register`.
 */
export function exposesOf(remote: Exclude<AppName, 'shell'>): Record<string, string> {
  return {
    ...Object.fromEntries(modulesOf(remote).map((m) => [`./${m}`, `./src/expose/${exposeFileOf(m)}`])),
    './register': './src/expose/register.ts',
  };
}

export interface AppOptions {
  name: AppName;
  /** Exposed screens: `{ './MapScreen': './src/expose/map-screen.tsx' }`. */
  exposes?: Record<string, string>;
  title?: string;
  /** The app's folder (pass import.meta.dirname). */
  dir: string;
}

/**
 * Apps on a guest's or traveller's first visit (the public pages): every function of their JavaScript is
 * compiled while the file downloads, on the browser's streaming thread, instead of on the main thread the
 * first time each function runs. V8's explicit compile hint (Chrome 136+; other engines ignore the comment).
 * Not the account and dashboard remotes: most of their code (antd's) is never called on a given screen.
 */
const COMPILE_HINT_APPS: readonly AppName[] = ['shell', 'map', 'marketing'];
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** The compile hint as the first line of every JS file, after minifying (which would drop the comment). */
export function compileHintPlugin() {
  return new rspack.BannerPlugin({
    banner: COMPILE_HINT,
    raw: true,
    test: /\.js$/,
    stage: rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 50,
  });
}

const DEV_RENDERER_HOOK =
  'if(!window.__REACT_DEVTOOLS_GLOBAL_HOOK__){var r=new Map();window.__REACT_DEVTOOLS_GLOBAL_HOOK__={renderers:r,supportsFiber:true,' +
  'inject:function(x){var id=r.size+1;r.set(id,x);return id},onScheduleFiberRoot:function(){},onCommitFiberRoot:function(){},' +
  'onCommitFiberUnmount:function(){},onPostCommitFiberRoot:function(){},checkDCE:function(){}}}';

export function portOf(name: AppName): number {
  return Number(process.env[`GUESTMAP_PORT_${name.toUpperCase()}`] ?? PORTS[name]);
}

export function defineGuestmapApp(opts: AppOptions): RsbuildConfig {
  const isShell = opts.name === 'shell';
  const isProduction = process.env.NODE_ENV === 'production';
  const port = portOf(opts.name);
  const template = path.join(opts.dir, 'index.html');
  const config: RsbuildConfig = {
    plugins: [
      pluginReact(),
      pluginModuleFederation({
        name: isShell ? 'shell' : opts.name,
        exposes: opts.exposes,
        // The shell is built knowing no remote: they are registered at runtime from /config.json.
        remotes: {},
        // The shell's copies are in its first file (eager): no extra round trip before anything renders.
        shared: sharedSingletons({ eager: isShell && isProduction, dataLayer: !isShell }),
        manifest: true,
        dts: false,
        // A remote's shared library whose download failed is downloaded again at the next attempt
        // (retry-shared.ts). Not in the shell: it loads its lazy library (supabase-js) with its own retries.
        runtimePlugins: isShell ? [] : [path.join(sharedUiDir, 'build', 'retry-shared.ts')],
        shareStrategy: 'loaded-first',
        // Production: one Module Federation runtime in the page, the shell's; remote entries leave theirs
        // out (about 17 KB gzip less on every remote). Development keeps each app's own runtime so a
        // remote's standalone harness still runs by itself.
        // `target: 'web'` leaves the runtime's Node.js loaders out of the browser bundles; a remote loads
        // no remotes of its own, so its entry leaves out the code that would (less to evaluate on a phone).
        experiments: !isProduction
          ? {}
          : isShell
            ? { provideExternalRuntime: true, optimization: { target: 'web' } }
            : { externalRuntime: true, optimization: { target: 'web', disableRemote: true } },
      }),
    ],
    source: { entry: { index: './src/index.ts' } },
    // The shell's boot chunk (behind the async boundary of src/index.ts) and its view chunk (React and the
    // layout, evaluated after the boot's steps) are on every page: the page asks for them with the entry
    // instead of after the entry has run.
    performance:
      isShell && isProduction
        ? { preload: { type: 'async-chunks', include: [/\/boot(-view)?\.[0-9a-f]+\.(js|css)$/] } }
        : {},
    html: {
      title: opts.title ?? 'Guestmap',
      // Dev only: React Refresh in a remote re-renders inside the shell only if a devtools-style hook
      // records every renderer before React loads.
      tags:
        isShell && process.env.NODE_ENV === 'development'
          ? [{ tag: 'script', head: true, append: false, children: DEV_RENDERER_HOOK }]
          : [],
      template: fs.existsSync(template) ? template : undefined,
      meta: { viewport: 'width=device-width, initial-scale=1, viewport-fit=cover', 'theme-color': '#5AB77B' },
    },
    // A production remote has no page of its own: without the shell's runtime its harness cannot run
    // (see experiments above), and the product is always composed by the shell.
    tools: {
      ...(!isShell && isProduction ? { htmlPlugin: false } : {}),
      rspack: (config, { appendPlugins }) => {
        // Chunks from another origin (a remote's, seen from the shell's page) load in CORS mode, as the
        // shell's runtime loads remote entries (src/mf/remotes.ts): the browser's copy then carries the
        // CORS headers, so the service worker can keep it without downloading it again, and Chrome keeps
        // its compiled code with it (docs/offline.md).
        config.output = { ...config.output, crossOriginLoading: 'anonymous' };
        if (!isProduction) return;
        if (!isShell) appendPlugins(preloadListPlugin(opts.name, Object.keys(opts.exposes ?? {})) as never);
        // GUESTMAP_NO_COMPILE_HINT=1 builds without it (to compare).
        if (COMPILE_HINT_APPS.includes(opts.name) && !process.env.GUESTMAP_NO_COMPILE_HINT)
          appendPlugins(compileHintPlugin() as never);
      },
    },
    output: {
      // Remotes must load their chunks from their own origin, wherever they are deployed.
      assetPrefix: isShell ? '/' : 'auto',
      filenameHash: true,
      cleanDistPath: true,
      sourceMap: { js: process.env.GUESTMAP_SOURCEMAPS ? 'source-map' : false },
      // Readable production code for profiles (function names kept): GUESTMAP_NO_MINIFY=1.
      ...(process.env.GUESTMAP_NO_MINIFY ? { minify: false } : {}),
    },
    server: {
      port,
      strictPort: true,
      host: '127.0.0.1',
      headers: isShell ? {} : { 'Access-Control-Allow-Origin': '*' },
      historyApiFallback: isShell,
    },
    dev: { assetPrefix: isShell ? '/' : `http://127.0.0.1:${port}/` },
  };
  return defineConfig(config) as RsbuildConfig;
}
