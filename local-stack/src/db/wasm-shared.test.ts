// The memory-import rewrite used by the PGlite watchdog, on hand-made modules.
import { describe, expect, it } from 'vitest';
import { isSideModule, shareMemoryImport } from './wasm-shared.ts';

const str = (s: string) => [s.length, ...Buffer.from(s)];
const section = (id: number, body: number[]) => [id, body.length, ...body];
/** A module importing env.memory with the given limits (and a function import before it), optionally a side module. */
const moduleWith = (limits: number[], side = false) =>
  new Uint8Array([
    0x00,
    0x61,
    0x73,
    0x6d,
    0x01,
    0x00,
    0x00,
    0x00,
    ...(side ? section(0, [...str('dylink.0')]) : []),
    ...section(1, [1, 0x60, 0, 0]), // one type: () -> ()
    ...section(2, [2, ...str('env'), ...str('f'), 0x00, 0, ...str('env'), ...str('memory'), 0x02, ...limits]),
  ]);

describe('shareMemoryImport', () => {
  it('declares an imported memory shared, adding the maximum when there is none, and the module links to a shared memory', () => {
    for (const limits of [
      [0x00, 1],
      [0x01, 1, 4],
    ]) {
      const patched = shareMemoryImport(moduleWith(limits), 4)!;
      expect(patched).not.toBeNull();
      const memory = new WebAssembly.Memory({ initial: 1, maximum: 4, shared: true });
      expect(
        () => new WebAssembly.Instance(new WebAssembly.Module(patched), { env: { f: () => undefined, memory } }),
      ).not.toThrow();
      // the original does not link to a shared memory
      expect(
        () =>
          new WebAssembly.Instance(new WebAssembly.Module(moduleWith(limits)), { env: { f: () => undefined, memory } }),
      ).toThrow();
    }
  });

  it('leaves modules alone that already share their memory or import none, and tells side modules apart', () => {
    expect(shareMemoryImport(moduleWith([0x03, 1, 4]), 4)).toBeNull();
    expect(shareMemoryImport(new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]), 4)).toBeNull();
    expect(isSideModule(moduleWith([0x00, 1], true))).toBe(true);
    expect(isSideModule(moduleWith([0x00, 1]))).toBe(false);
  });
});
