// A statement timeout for PGlite that really cancels.
//
// PGlite runs Postgres synchronously on the JavaScript thread: while a statement runs, no timer or
// other callback can run, so Postgres' own statement_timeout (SIGALRM, emulated with setTimeout)
// never fires in time. Postgres itself only needs two flags set, `QueryCancelPending` and
// `InterruptPending` (both exported by pglite.wasm as addresses in its memory): at its next
// CHECK_FOR_INTERRUPTS() it raises ERROR 57014 and aborts the transaction cleanly, as it does on a
// server when a cancel request arrives (a statement waiting in WaitLatch, e.g. pg_sleep, is woken by
// setting its latch, as the signal handler's SetLatch does). So the memory is made shared and a
// watchdog thread sets those flags when the statement's deadline passes:
//
// - PGlite is given a shared WebAssembly.Memory and a copy of pglite.wasm whose memory import is
//   declared shared (one flag byte of the import section; no code changes), through PGlite's own
//   extension hook (`setup` may replace the Emscripten options: `wasmMemory`, `instantiateWasm`).
// - Postgres extensions (.so side modules: plpgsql, pgcrypto, …) import the same memory; they are
//   loaded later by Emscripten's dynamic linker with the global WebAssembly API. A hook rewrites the
//   side module's memory import the same way, only when the memory it is linked against is shared
//   (every other WebAssembly use in the process is left as it is).
// - A worker thread waits (Atomics.wait) for the armed deadline; past it, it sets the two flags, and
//   sets them again every 20 ms until the statement ends (a flag consumed between two protocol
//   messages is not lost). Arming and disarming are a few atomic operations on the JS thread.
// - After the statement, a flag the statement did not consume is cleared, so it can never cancel the
//   next one; the cancellation's message is the one Postgres gives for statement_timeout.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Extension } from '@electric-sql/pglite';
import { isSideModule, shareMemoryImport } from './wasm-shared.ts';

/** pglite.wasm's maximum memory (pages of 64 KiB), as PGlite creates it. */
const MAX_PAGES = 32768;
export const STATEMENT_TIMEOUT_MESSAGE = 'canceling statement due to statement timeout';

// ---- side modules: share the memory import when linked against a shared memory -------------------

let hooked = false;

function hookSideModules(): void {
  if (hooked) return;
  hooked = true;
  const W = WebAssembly as unknown as Record<string, unknown>;
  const OrigModule = WebAssembly.Module;
  const OrigInstance = WebAssembly.Instance;
  const origInstantiate = WebAssembly.instantiate.bind(WebAssembly) as (s: unknown, i?: unknown) => Promise<unknown>;
  const origCompile = WebAssembly.compile.bind(WebAssembly);
  const sideBytes = new WeakMap<WebAssembly.Module, Uint8Array>();
  const sharedVersion = new WeakMap<WebAssembly.Module, WebAssembly.Module>();
  const bytesOf = (src: unknown): Uint8Array | null =>
    src instanceof Uint8Array
      ? src
      : src instanceof ArrayBuffer
        ? new Uint8Array(src)
        : ArrayBuffer.isView(src)
          ? new Uint8Array(src.buffer, src.byteOffset, src.byteLength)
          : null;
  const remember = (m: WebAssembly.Module, src: unknown) => {
    const b = bytesOf(src);
    if (b && isSideModule(b)) sideBytes.set(m, b.slice());
  };
  const linksShared = (imports: unknown): boolean => {
    try {
      const mem = (imports as { env?: { memory?: unknown } } | undefined)?.env?.memory;
      return mem instanceof WebAssembly.Memory && mem.buffer instanceof SharedArrayBuffer;
    } catch {
      return false;
    }
  };
  const forShared = (m: WebAssembly.Module): WebAssembly.Module => {
    let out = sharedVersion.get(m);
    if (!out) {
      const b = sideBytes.get(m);
      const patched = b ? shareMemoryImport(b, MAX_PAGES) : null;
      out = patched ? new OrigModule(patched) : m;
      sharedVersion.set(m, out);
    }
    return out;
  };
  W.Module = new Proxy(OrigModule, {
    construct(target, args) {
      const m = Reflect.construct(target, args) as WebAssembly.Module;
      remember(m, args[0]);
      return m;
    },
  });
  W.Instance = new Proxy(OrigInstance, {
    construct(target, args) {
      const [m, imports] = args as [WebAssembly.Module, unknown];
      return Reflect.construct(target, [linksShared(imports) && m instanceof OrigModule ? forShared(m) : m, imports]);
    },
  });
  W.compile = async (src: BufferSource) => {
    const m = await origCompile(src);
    remember(m, src);
    return m;
  };
  W.instantiate = (src: unknown, imports?: unknown) => {
    if (linksShared(imports)) {
      if (src instanceof OrigModule) return origInstantiate(forShared(src), imports);
      const b = bytesOf(src);
      const patched = b && isSideModule(b) ? shareMemoryImport(b, MAX_PAGES) : null;
      if (patched) return origInstantiate(patched, imports);
    }
    return origInstantiate(src, imports);
  };
}

// ---- the main module ----------------------------------------------------------------------------

let mainModule: Promise<WebAssembly.Module> | null = null;

function sharedMainModule(): Promise<WebAssembly.Module> {
  mainModule ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const bytes = await fs.promises.readFile(path.join(dist, 'pglite.wasm'));
    const patched = shareMemoryImport(bytes, MAX_PAGES);
    if (!patched)
      throw new Error('pglite.wasm imports no unshared memory: the statement watchdog does not know this build');
    return WebAssembly.compile(patched);
  })();
  return mainModule;
}

// ---- the watchdog -------------------------------------------------------------------------------

// control word: (generation << 2) | state
const IDLE = 0;
const ARMED = 1;
const FIRING = 2;
const STOP = 3;

const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const ctl = new Int32Array(workerData.control, 0, 2);
const deadline = new BigInt64Array(workerData.control, 8, 1);
const mem = new Int32Array(workerData.memory);
const qcp = workerData.queryCancelPending >> 2;
const ip = workerData.interruptPending >> 2;
const latch = workerData.myLatch >> 2;
const nowUs = () => BigInt(Math.round((performance.timeOrigin + performance.now()) * 1000));
for (;;) {
  const v = Atomics.load(ctl, 0);
  const state = v & 3;
  if (state === ${STOP}) break;
  if (state !== ${ARMED}) { Atomics.wait(ctl, 0, v); continue; }
  const leftMs = Number(Atomics.load(deadline, 0) - nowUs()) / 1000;
  if (leftMs > 0) { Atomics.wait(ctl, 0, v, leftMs); continue; }
  if (Atomics.compareExchange(ctl, 0, v, (v & ~3) | ${FIRING}) !== v) continue;
  Atomics.store(mem, qcp, 1);
  Atomics.store(mem, ip, 1);
  const l = Atomics.load(mem, latch);
  if (l) Atomics.store(mem, l >> 2, 1);
  Atomics.add(ctl, 1, 1);
  Atomics.store(ctl, 0, v);
  Atomics.notify(ctl, 0);
  Atomics.wait(ctl, 0, v, 20);
}
`;

export interface Watchdog {
  /** Runs one statement (`fn`) with a deadline `ms` from now: past it, Postgres cancels it (57014). */
  run<T>(ms: number, fn: () => Promise<T>): Promise<T>;
  stop(): Promise<void>;
}

interface Wiring {
  memory?: WebAssembly.Memory;
  exports?: WebAssembly.Exports;
}

/** A PGlite extension that gives the instance a shared memory and the shared-memory build of pglite.wasm. */
async function watchdogExtension(wiring: Wiring): Promise<Extension> {
  hookSideModules();
  const module = await sharedMainModule();
  return {
    name: 'statement-watchdog',
    setup: async (_pg, emscriptenOpts: Record<string, unknown>) => {
      const given = emscriptenOpts.wasmMemory as WebAssembly.Memory | undefined;
      const initial = given ? given.buffer.byteLength / 65536 : 2048;
      const memory = new WebAssembly.Memory({ initial, maximum: MAX_PAGES, shared: true });
      wiring.memory = memory;
      const instantiateWasm = (
        imports: WebAssembly.Imports,
        done: (i: WebAssembly.Instance, m: WebAssembly.Module) => void,
      ) => {
        void WebAssembly.instantiate(module, imports).then((instance) => {
          wiring.exports = instance.exports;
          done(instance, module);
        });
        return {};
      };
      return { emscriptenOpts: { ...emscriptenOpts, wasmMemory: memory, instantiateWasm } };
    },
  };
}

const address = (exports: WebAssembly.Exports, name: string): number => {
  const g = exports[name];
  if (!(g instanceof WebAssembly.Global) || typeof g.value !== 'number')
    throw new Error(`pglite.wasm does not export ${name}`);
  return g.value;
};

/**
 * Prepares a watched PGlite: `extension` goes first in PGlite.create's extensions; after create,
 * `start()` starts the watchdog thread.
 */
export async function prepareWatchdog(): Promise<{ extension: Extension; start: () => Watchdog }> {
  const wiring: Wiring = {};
  const extension = await watchdogExtension(wiring);
  const start = (): Watchdog => {
    if (!wiring.memory || !wiring.exports)
      throw new Error('PGlite was not created with the statement watchdog extension');
    const memory = wiring.memory.buffer as unknown as SharedArrayBuffer;
    const queryCancelPending = address(wiring.exports, 'QueryCancelPending');
    const interruptPending = address(wiring.exports, 'InterruptPending');
    // MyLatch: a `Latch *`; setting its `is_set` wakes a WaitLatch (pg_sleep, lock waits) as SetLatch does
    const myLatch = address(wiring.exports, 'MyLatch');
    const control = new SharedArrayBuffer(16);
    const ctl = new Int32Array(control, 0, 2);
    const deadline = new BigInt64Array(control, 8, 1);
    const flags = new Int32Array(memory);
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { control, memory, queryCancelPending, interruptPending, myLatch },
    });
    worker.unref();
    let generation = 0;
    let chain: Promise<unknown> = Promise.resolve();
    const nowUs = () => BigInt(Math.round((performance.timeOrigin + performance.now()) * 1000));
    const disarm = (armed: number) => {
      for (;;) {
        const v = Atomics.compareExchange(ctl, 0, armed, (armed & ~3) | IDLE);
        if (v === armed || (v & 3) !== FIRING) break;
        Atomics.wait(ctl, 0, v, 5); // the watchdog is setting the flags: a few microseconds
      }
      Atomics.notify(ctl, 0);
    };
    const runOne = async <T>(ms: number, fn: () => Promise<T>): Promise<T> => {
      const firedBefore = Atomics.load(ctl, 1);
      generation = (generation + 1) & 0x1fffffff;
      const armed = (generation << 2) | ARMED;
      Atomics.store(deadline, 0, nowUs() + BigInt(Math.round(ms * 1000)));
      Atomics.store(ctl, 0, armed);
      Atomics.notify(ctl, 0);
      let failed: unknown;
      let out: T | undefined;
      try {
        out = await fn();
      } catch (e) {
        failed = e;
      }
      disarm(armed);
      const fired = Atomics.load(ctl, 1) !== firedBefore;
      if (fired) {
        // a flag the statement did not consume must not cancel the next one
        Atomics.store(flags, queryCancelPending >> 2, 0);
        const err = failed as { code?: string; message?: string } | undefined;
        if (err && err.code === '57014') err.message = STATEMENT_TIMEOUT_MESSAGE;
      }
      if (failed !== undefined) throw failed;
      return out as T;
    };
    return {
      run<T>(ms: number, fn: () => Promise<T>): Promise<T> {
        const p = chain.then(() => runOne(ms, fn));
        chain = p.catch(() => undefined);
        return p;
      },
      async stop() {
        Atomics.store(ctl, 0, STOP);
        Atomics.notify(ctl, 0);
        await worker.terminate();
      },
    };
  };
  return { extension, start };
}
