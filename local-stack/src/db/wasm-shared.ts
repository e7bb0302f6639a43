// Rewrites a WebAssembly binary so that its imported memory is declared shared (limits flag 0x03),
// leaving every other byte as it is. Only the import section changes (re-encoded when the memory
// import had no maximum and one must be added). Used by the PGlite watchdog (pglite-watchdog.ts).

const readLeb = (b: Uint8Array, i: number): [number, number] => {
  let r = 0;
  let shift = 0;
  let x: number;
  do {
    x = b[i++]!;
    r += (x & 0x7f) * 2 ** shift;
    shift += 7;
  } while (x & 0x80);
  return [r, i];
};

const leb = (n: number): number[] => {
  const out: number[] = [];
  do {
    let byte = n & 0x7f;
    n = Math.floor(n / 128);
    if (n) byte |= 0x80;
    out.push(byte);
  } while (n);
  return out;
};

const utf8 = new TextDecoder();

/** The binary's sections as [id, start of contents, end of contents] (after the 8-byte header). */
function sections(b: Uint8Array): [number, number, number, number][] {
  const out: [number, number, number, number][] = [];
  let p = 8;
  while (p < b.length) {
    const id = b[p]!;
    const [size, start] = readLeb(b, p + 1);
    out.push([id, p, start, start + size]);
    p = start + size;
  }
  return out;
}

/** Whether the binary is an Emscripten side module (it has a `dylink.0` custom section). */
export function isSideModule(b: Uint8Array): boolean {
  for (const [id, , start, end] of sections(b)) {
    if (id !== 0) continue;
    const [len, i] = readLeb(b, start);
    if (i + len <= end && utf8.decode(b.subarray(i, i + len)) === 'dylink.0') return true;
  }
  return false;
}

/**
 * The binary with its `env.memory` import declared shared (maximum `maxPages` when it declared none),
 * or null when it imports no memory or already shares it.
 */
export function shareMemoryImport(b: Uint8Array, maxPages: number): Uint8Array<ArrayBuffer> | null {
  if (b.length < 8 || b[0] !== 0 || b[1] !== 0x61 || b[2] !== 0x73 || b[3] !== 0x6d) return null;
  const imp = sections(b).find((s) => s[0] === 2);
  if (!imp) return null;
  const [, secStart, start, end] = imp;
  const [n, first] = readLeb(b, start);
  let i = first;
  for (let k = 0; k < n; k++) {
    let len: number;
    [len, i] = readLeb(b, i);
    i += len;
    [len, i] = readLeb(b, i);
    i += len;
    const kind = b[i++];
    if (kind === 0) [, i] = readLeb(b, i);
    else if (kind === 1) {
      i++;
      const flags = b[i++]!;
      [, i] = readLeb(b, i);
      if (flags & 1) [, i] = readLeb(b, i);
    } else if (kind === 2) {
      const flags = b[i]!;
      if (flags & 2) return null;
      if (flags & 4) throw new Error('64-bit memories are not supported');
      const [min, afterMin] = readLeb(b, i + 1);
      let j = afterMin;
      let max = maxPages;
      if (flags & 1) [max, j] = readLeb(b, j);
      const limits = [0x03, ...leb(min), ...leb(max)];
      const body = [...b.subarray(start, i), ...limits, ...b.subarray(j, end)];
      const out = new Uint8Array(secStart + 1 + leb(body.length).length + body.length + (b.length - end));
      out.set(b.subarray(0, secStart), 0);
      let o = secStart;
      out[o++] = 2;
      out.set(leb(body.length), o);
      o += leb(body.length).length;
      out.set(body, o);
      o += body.length;
      out.set(b.subarray(end), o);
      return out;
    } else if (kind === 3) i += 2;
    else if (kind === 4) [, i] = readLeb(b, i + 1);
    else throw new Error(`unknown import kind ${kind}`);
  }
  return null;
}
