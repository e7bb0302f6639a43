// Reads PostgREST's hspec spec files (test/spec/Feature/**/*.hs in a PostgREST checkout) at run time and
// extracts their HTTP cases: each `it "…"` block's requests (method, path, headers, body) and, for each
// `request … \`shouldRespondWith\` matcher`, what hspec-wai would check (status, body, headers). Only the
// small part of Haskell those files use is understood (application, `$`, `++`, `:`, `<:>`, lists, tuples,
// strings, numbers, quasi-quotes, record updates, `let` bindings and SpecHelper's helpers); a block with
// anything else (`liftIO`, `shouldSatisfy`, `<-` results, interpolated JSON) is reported as not extracted.
// Nothing of PostgREST's text is kept in this repository: it is read from the checkout when the tool runs.

export interface SpecRequest {
  method: string;
  path: string;
  headers: [string, string][];
  body: string;
}

export type HeaderCheck =
  | { kind: 'equals'; name: string; value: string }
  | { kind: 'absent'; name: string }
  | { kind: 'contains'; name: string; value: string }
  | { kind: 'json-content-type' }
  | { kind: 'unsupported'; what: string };

export interface Expectation {
  status: number;
  /** 'json': the body decodes to this JSON; 'exact': these bytes; 'any': not checked. */
  body: { kind: 'json'; value: unknown } | { kind: 'exact'; value: string } | { kind: 'any' };
  headers: HeaderCheck[];
}

export interface Step {
  request: SpecRequest;
  expect?: Expectation;
  line: number;
}

export interface SpecCase {
  file: string;
  /** The describe/context/it titles leading to the case. */
  title: string;
  line: number;
  /** The `withConfig` record in effect (raw field text by name). */
  config: Record<string, string>;
  steps: Step[];
  /** Why the case could not be extracted, when it could not. */
  skipped?: string;
}

// ─── Tokens ─────────────────────────────────────────────────────────────────────────────────────────────

type TokKind = 'str' | 'num' | 'quasi' | 'ident' | 'op' | 'punct' | 'tick';
interface Tok {
  k: TokKind;
  v: string;
  line: number;
  col: number;
  /** First token on its line. */
  first: boolean;
  /** For quasi-quotes: the quoter's name. */
  q?: string;
}

const ASCII_ESC: Record<string, number> = {
  NUL: 0,
  SOH: 1,
  STX: 2,
  ETX: 3,
  EOT: 4,
  ENQ: 5,
  ACK: 6,
  BEL: 7,
  BS: 8,
  HT: 9,
  LF: 10,
  VT: 11,
  FF: 12,
  CR: 13,
  SO: 14,
  SI: 15,
  DEL: 127,
};

function readString(src: string, i: number): { v: string; end: number } {
  let out = '';
  let j = i + 1;
  while (j < src.length && src[j] !== '"') {
    const c = src[j]!;
    if (c !== '\\') {
      out += c;
      j++;
      continue;
    }
    const n = src[j + 1]!;
    if (/\s/.test(n)) {
      // a string gap: \   \
      j = src.indexOf('\\', j + 1) + 1;
      continue;
    }
    const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', '"': '"', '\\': '\\', "'": "'", '&': '' };
    if (n in simple) {
      out += simple[n];
      j += 2;
      continue;
    }
    const dec = /^\d+/.exec(src.slice(j + 1));
    if (dec) {
      out += String.fromCodePoint(Number(dec[0]));
      j += 1 + dec[0].length;
      continue;
    }
    const hex = /^x[0-9a-fA-F]+/.exec(src.slice(j + 1));
    if (hex) {
      out += String.fromCodePoint(parseInt(hex[0].slice(1), 16));
      j += 1 + hex[0].length;
      continue;
    }
    const name = /^[A-Z]{2,3}/.exec(src.slice(j + 1));
    if (name && ASCII_ESC[name[0]] !== undefined) {
      out += String.fromCharCode(ASCII_ESC[name[0]]!);
      j += 1 + name[0].length;
      continue;
    }
    out += n;
    j += 2;
  }
  return { v: out, end: j + 1 };
}

export function tokenize(src: string): Tok[] {
  const toks: Tok[] = [];
  let line = 1;
  let lineStart = 0;
  let lastLine = 0;
  let i = 0;
  const push = (k: TokKind, v: string, start: number, q?: string) => {
    toks.push({ k, v, line, col: start - lineStart + 1, first: line !== lastLine, q });
    lastLine = line;
  };
  const advanceLines = (from: number, to: number) => {
    for (let p = from; p < to; p++)
      if (src[p] === '\n') {
        line++;
        lineStart = p + 1;
      }
  };
  while (i < src.length) {
    const c = src[i]!;
    if (c === '\n') {
      line++;
      lineStart = i + 1;
      i++;
      continue;
    }
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (src.startsWith('--', i) && !/[!#$%&*+./<=>?@\\^|~:]/.test(src[i + 2] ?? '')) {
      while (i < src.length && src[i] !== '\n') i++;
      continue;
    }
    if (src.startsWith('{-', i)) {
      let depth = 0;
      let j = i;
      while (j < src.length) {
        if (src.startsWith('{-', j)) {
          depth++;
          j += 2;
        } else if (src.startsWith('-}', j)) {
          depth--;
          j += 2;
          if (depth === 0) break;
        } else j++;
      }
      advanceLines(i, j);
      i = j;
      continue;
    }
    const quasi = /^\[([a-zA-Z][\w.]*)\|/.exec(src.slice(i, i + 40));
    if (quasi) {
      const end = src.indexOf('|]', i + quasi[0].length);
      const text = src.slice(i + quasi[0].length, end);
      push('quasi', text, i, quasi[1]);
      advanceLines(i, end + 2);
      i = end + 2;
      continue;
    }
    if (c === '"') {
      const { v, end } = readString(src, i);
      push('str', v, i);
      advanceLines(i, end);
      i = end;
      continue;
    }
    if (c === "'" && src[i + 2] === "'") {
      push('str', src[i + 1]!, i);
      i += 3;
      continue;
    }
    if (c === '`') {
      const end = src.indexOf('`', i + 1);
      push('tick', src.slice(i + 1, end), i);
      i = end + 1;
      continue;
    }
    const num = /^\d+(\.\d+)?/.exec(src.slice(i, i + 40));
    if (num) {
      push('num', num[0], i);
      i += num[0].length;
      continue;
    }
    const id = /^[A-Za-z_][\w']*(\.[A-Za-z_][\w']*)*/.exec(src.slice(i, i + 200));
    if (id) {
      push('ident', id[0], i);
      i += id[0].length;
      continue;
    }
    if ('()[]{},;'.includes(c)) {
      push('punct', c, i);
      i++;
      continue;
    }
    const op = /^[!#$%&*+./<=>?@\\^|~:-]+/.exec(src.slice(i, i + 10));
    if (op) {
      push('op', op[0], i);
      i += op[0].length;
      continue;
    }
    i++;
  }
  return toks;
}

// ─── Expressions ────────────────────────────────────────────────────────────────────────────────────────

type Val =
  | { t: 'str'; v: string }
  | { t: 'num'; v: number }
  | { t: 'json'; text: string }
  | { t: 'list'; items: Val[] }
  | { t: 'tuple'; items: Val[] }
  | { t: 'fn'; name: string; args: Val[] }
  | { t: 'req'; req: SpecRequest }
  | { t: 'header'; check: HeaderCheck }
  | { t: 'matcher'; m: Expectation }
  | { t: 'unit' };

export class Unsupported extends Error {}

type Ast =
  | { a: 'lit'; tok: Tok }
  | { a: 'var'; name: string }
  | { a: 'app'; f: Ast; x: Ast }
  | { a: 'op'; op: string; l: Ast; r: Ast }
  | { a: 'list'; items: Ast[] }
  | { a: 'tuple'; items: Ast[] }
  | { a: 'update'; e: Ast; fields: [string, Ast][] }
  | { a: 'neg'; e: Ast };

const PREC: Record<string, [number, 'l' | 'r']> = {
  $: [0, 'r'],
  '<:>': [4, 'l'],
  '++': [5, 'r'],
  '<>': [6, 'r'],
  ':': [5, 'r'],
};

class Parser {
  i = 0;
  constructor(private toks: Tok[]) {}
  peek() {
    return this.toks[this.i];
  }
  take() {
    return this.toks[this.i++]!;
  }
  done() {
    return this.i >= this.toks.length;
  }
  expect(v: string) {
    const t = this.take();
    if (!t || t.v !== v) throw new Unsupported(`expected ${v}, got ${t?.v}`);
  }
  expr(minPrec = 0): Ast {
    let l = this.app();
    for (;;) {
      const t = this.peek();
      if (!t || t.k !== 'op' || !PREC[t.v]) break;
      const [p, assoc] = PREC[t.v]!;
      if (p < minPrec) break;
      this.take();
      const r = this.expr(assoc === 'r' ? p : p + 1);
      l = { a: 'op', op: t.v, l, r };
    }
    const t = this.peek();
    if (t && (t.k === 'op' || t.k === 'tick') && !PREC[t.v] && t.v !== '=' && t.v !== '|')
      throw new Unsupported(`operator ${t.v}`);
    return l;
  }
  app(): Ast {
    let f = this.atomWithUpdate();
    for (;;) {
      const t = this.peek();
      if (!t || !this.startsAtom(t)) break;
      f = { a: 'app', f, x: this.atomWithUpdate() };
    }
    return f;
  }
  startsAtom(t: Tok) {
    if (t.k === 'str' || t.k === 'num' || t.k === 'quasi') return true;
    if (t.k === 'ident') return !['where', 'then', 'else', 'of', 'in'].includes(t.v);
    return t.k === 'punct' && (t.v === '(' || t.v === '[');
  }
  atomWithUpdate(): Ast {
    let e = this.atom();
    while (this.peek()?.v === '{') {
      this.take();
      const fields: [string, Ast][] = [];
      while (this.peek() && this.peek()!.v !== '}') {
        const name = this.take().v;
        this.expect('=');
        fields.push([name, this.expr()]);
        if (this.peek()?.v === ',') this.take();
      }
      this.expect('}');
      e = { a: 'update', e, fields };
    }
    return e;
  }
  atom(): Ast {
    const t = this.take();
    if (!t) throw new Unsupported('unexpected end');
    if (t.k === 'str' || t.k === 'num' || t.k === 'quasi') return { a: 'lit', tok: t };
    if (t.k === 'ident') return { a: 'var', name: t.v };
    if (t.v === '(') {
      if (this.peek()?.v === '-' && this.toks[this.i + 1]?.k === 'num') {
        this.take();
        const e: Ast = { a: 'neg', e: this.atom() };
        this.expect(')');
        return e;
      }
      if (this.peek()?.v === ')') {
        this.take();
        return { a: 'tuple', items: [] };
      }
      const items = [this.expr()];
      while (this.peek()?.v === ',') {
        this.take();
        items.push(this.expr());
      }
      this.expect(')');
      return items.length === 1 ? items[0]! : { a: 'tuple', items };
    }
    if (t.v === '[') {
      const items: Ast[] = [];
      while (this.peek() && this.peek()!.v !== ']') {
        items.push(this.expr());
        if (this.peek()?.v === ',') this.take();
        else if (this.peek()?.v !== ']') throw new Unsupported('list syntax');
      }
      this.expect(']');
      return { a: 'list', items };
    }
    throw new Unsupported(`token ${t.v}`);
  }
}

export function parseExpr(toks: Tok[]): Ast {
  const p = new Parser(toks);
  const e = p.expr();
  if (!p.done()) throw new Unsupported(`trailing ${p.peek()!.v}`);
  return e;
}

// ─── Evaluation ─────────────────────────────────────────────────────────────────────────────────────────

export interface EvalCtx {
  env: Map<string, Tok[]>;
  fixture: (name: string) => string;
  sign: (claimsJson: string) => string;
}

const HEADER_NAMES: Record<string, string> = {
  hAccept: 'Accept',
  hContentType: 'Content-Type',
  hAuthorization: 'Authorization',
  hRange: 'Range',
  hLocation: 'Location',
  hContentLength: 'Content-Length',
  hVary: 'Vary',
  hAllow: 'Allow',
  hPrefer: 'Prefer',
  hCacheControl: 'Cache-Control',
  hContentEncoding: 'Content-Encoding',
  hOrigin: 'Origin',
  hContentLocation: 'Content-Location',
};

/** A `[json|…|]` value as hspec-wai-json sends it: Aeson's encoding (compact, object keys sorted). */
function aesonEncode(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(aesonEncode).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${aesonEncode((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v);
}

const str = (v: Val): string => {
  if (v.t === 'str') return v.v;
  if (v.t === 'json') return aesonEncode(relaxedJson(v.text));
  throw new Unsupported(`not a string: ${v.t}`);
};
const num = (v: Val): number => {
  if (v.t === 'num') return v.v;
  throw new Unsupported(`not a number: ${v.t}`);
};
const headerList = (v: Val): [string, string][] => {
  if (v.t === 'list') return v.items.map(headerPair);
  if (v.t === 'tuple') return [headerPair(v)];
  throw new Unsupported(`not a header list: ${v.t}`);
};
const headerPair = (v: Val): [string, string] => {
  if (v.t !== 'tuple' || v.items.length !== 2) throw new Unsupported('not a header');
  return [str(v.items[0]!), str(v.items[1]!)];
};

/** What a response matcher literal means in hspec-wai (and hspec-wai-json for `[json|…|]`). */
export function toMatcher(v: Val): Expectation {
  if (v.t === 'matcher') return v.m;
  if (v.t === 'num') return { status: v.v, body: { kind: 'any' }, headers: [] };
  if (v.t === 'str') return { status: 200, body: { kind: 'exact', value: v.v }, headers: [] };
  if (v.t === 'json')
    return {
      status: 200,
      body: { kind: 'json', value: relaxedJson(v.text) },
      headers: [{ kind: 'json-content-type' }],
    };
  throw new Unsupported(`not a matcher: ${v.t}`);
}

/** hspec-wai-json's JSON: also bare keys and single-quoted strings; `#{…}` is Haskell interpolation. */
export function relaxedJson(text: string): unknown {
  if (text.includes('#{')) throw new Unsupported('interpolated JSON');
  try {
    return JSON.parse(text);
  } catch {
    const fixed = text.replace(/([{,]\s*)([A-Za-z_][\w]*)\s*:/g, '$1"$2":');
    try {
      return JSON.parse(fixed);
    } catch {
      throw new Unsupported('JSON the extractor cannot read');
    }
  }
}

function apply(name: string, args: Val[], ctx: EvalCtx): Val {
  const arity: Record<string, number> = {
    get: 1,
    delete: 1,
    options: 1,
    post: 2,
    put: 2,
    patch: 2,
    request: 4,
    acceptHdrs: 1,
    rangeHdrs: 1,
    rangeHdrsWithCount: 1,
    ByteRangeFromTo: 2,
    ByteRangeFrom: 1,
    ByteRangeSuffix: 1,
    authHeaderJWT: 1,
    authHeader: 2,
    readFixtureFile: 1,
    getInsertDataForTiobePlsTable: 1,
    generateJWT: 1,
    matchHeaderAbsent: 1,
    matchHeaderValuePresent: 2,
    matchServerTimingHasTiming: 1,
    encodeUtf8: 1,
    toS: 1,
    show: 1,
    bodyEquals: 1,
  };
  const n = arity[name];
  if (n === undefined) throw new Unsupported(`function ${name}`);
  if (args.length < n) return { t: 'fn', name, args };
  if (args.length > n) throw new Unsupported(`too many arguments to ${name}`);
  const req = (method: string, path: Val, headers: [string, string][], body: Val | null): Val => ({
    t: 'req',
    req: { method, path: str(path), headers, body: body ? str(body) : '' },
  });
  switch (name) {
    case 'get':
      return req('GET', args[0]!, [], null);
    case 'delete':
      return req('DELETE', args[0]!, [], null);
    case 'options':
      return req('OPTIONS', args[0]!, [], null);
    case 'post':
    case 'put':
    case 'patch':
      return req(name.toUpperCase(), args[0]!, [], args[1]!);
    case 'request':
      return req(str(args[0]!), args[1]!, headerList(args[2]!), args[3]!);
    case 'acceptHdrs':
      return { t: 'list', items: [pair('Accept', str(args[0]!))] };
    case 'rangeHdrs':
      return { t: 'list', items: [pair('Range-Unit', 'items'), pair('Range', str(args[0]!))] };
    case 'rangeHdrsWithCount':
      return {
        t: 'list',
        items: [pair('Prefer', 'count=exact'), pair('Range-Unit', 'items'), pair('Range', str(args[0]!))],
      };
    case 'ByteRangeFromTo':
      return { t: 'str', v: `${num(args[0]!)}-${num(args[1]!)}` };
    case 'ByteRangeFrom':
      return { t: 'str', v: `${num(args[0]!)}-` };
    case 'ByteRangeSuffix':
      return { t: 'str', v: `-${num(args[0]!)}` };
    case 'authHeaderJWT':
      return pair('Authorization', `Bearer ${str(args[0]!)}`);
    case 'authHeader':
      return pair('Authorization', `${str(args[0]!)} ${str(args[1]!)}`);
    case 'readFixtureFile':
      return { t: 'str', v: ctx.fixture(str(args[0]!)) };
    case 'getInsertDataForTiobePlsTable': {
      const rows = [];
      for (let i = 20; i <= num(args[0]!) + 20; i++) rows.push({ name: `Lang ${i}`, rank: i });
      return { t: 'str', v: JSON.stringify(rows) };
    }
    case 'generateJWT':
      return { t: 'str', v: ctx.sign(str(args[0]!)) };
    case 'matchHeaderAbsent':
      return { t: 'header', check: { kind: 'absent', name: str(args[0]!) } };
    case 'matchHeaderValuePresent':
      return { t: 'header', check: { kind: 'contains', name: str(args[0]!), value: str(args[1]!) } };
    case 'matchServerTimingHasTiming':
      return { t: 'header', check: { kind: 'unsupported', what: 'Server-Timing' } };
    case 'encodeUtf8':
    case 'toS':
      return args[0]!;
    case 'show':
      return { t: 'str', v: args[0]!.t === 'num' ? String(args[0]!.v) : JSON.stringify(str(args[0]!)) };
    case 'bodyEquals':
      return { t: 'str', v: str(args[0]!) };
  }
  throw new Unsupported(`function ${name}`);
}

const pair = (a: string, b: string): Val => ({
  t: 'tuple',
  items: [
    { t: 'str', v: a },
    { t: 'str', v: b },
  ],
});

const CONSTANTS: Record<string, Val> = {
  methodGet: { t: 'str', v: 'GET' },
  methodPost: { t: 'str', v: 'POST' },
  methodPut: { t: 'str', v: 'PUT' },
  methodPatch: { t: 'str', v: 'PATCH' },
  methodDelete: { t: 'str', v: 'DELETE' },
  methodHead: { t: 'str', v: 'HEAD' },
  methodOptions: { t: 'str', v: 'OPTIONS' },
  mempty: { t: 'str', v: '' },
  planHdr: pair('Accept', 'application/vnd.pgrst.plan+json'),
  rangeUnit: pair('Range-Unit', 'items'),
  matchContentTypeJson: {
    t: 'header',
    check: { kind: 'equals', name: 'Content-Type', value: 'application/json; charset=utf-8' },
  },
  matchContentTypeSingular: {
    t: 'header',
    check: { kind: 'equals', name: 'Content-Type', value: 'application/vnd.pgrst.object+json; charset=utf-8' },
  },
  matchCTArrayStrip: {
    t: 'header',
    check: {
      kind: 'equals',
      name: 'Content-Type',
      value: 'application/vnd.pgrst.array+json;nulls=stripped; charset=utf-8',
    },
  },
  matchCTSingularStrip: {
    t: 'header',
    check: {
      kind: 'equals',
      name: 'Content-Type',
      value: 'application/vnd.pgrst.object+json;nulls=stripped; charset=utf-8',
    },
  },
};

/**
 * The heredoc package's `str` quasi-quote: newlines as `\n`, and a line's leading whitespace up to a `|` margin
 * removed; the whitespace before the closing `|]` is no text.
 */
function heredocStr(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const out = lines.map((l) => l.replace(/^[ \t]*\|/, ''));
  if (lines.length > 1 && /^[ \t]*$/.test(lines[lines.length - 1]!)) out[out.length - 1] = '';
  return out.join('\n');
}

export function evaluate(e: Ast, ctx: EvalCtx, depth = 0): Val {
  if (depth > 50) throw new Unsupported('recursion');
  switch (e.a) {
    case 'lit':
      if (e.tok.k === 'str') return { t: 'str', v: e.tok.v };
      if (e.tok.k === 'num') return { t: 'num', v: Number(e.tok.v) };
      if (e.tok.q === 'json' || e.tok.q === 'aesonQQ') return { t: 'json', text: e.tok.v };
      if (e.tok.q === 'str' || e.tok.q === 'here' || e.tok.q === 'i') {
        if (e.tok.v.includes('#{')) throw new Unsupported('interpolated string');
        return { t: 'str', v: e.tok.q === 'str' ? heredocStr(e.tok.v) : e.tok.v };
      }
      throw new Unsupported(`quasi-quote ${e.tok.q}`);
    case 'neg':
      return { t: 'num', v: -num(evaluate(e.e, ctx, depth + 1)) };
    case 'var': {
      if (CONSTANTS[e.name]) return CONSTANTS[e.name]!;
      if (HEADER_NAMES[e.name]) return { t: 'str', v: HEADER_NAMES[e.name]! };
      const bound = ctx.env.get(e.name);
      if (bound) return evaluate(parseExpr(bound), ctx, depth + 1);
      return apply(e.name, [], ctx);
    }
    case 'app': {
      const f = evaluate(e.f, ctx, depth + 1);
      const x = evaluate(e.x, ctx, depth + 1);
      if (f.t !== 'fn') throw new Unsupported(`applying a ${f.t}`);
      return apply(f.name, [...f.args, x], ctx);
    }
    case 'op': {
      if (e.op === '$') {
        const f = evaluate(e.l, ctx, depth + 1);
        if (f.t !== 'fn') throw new Unsupported(`applying a ${f.t}`);
        return apply(f.name, [...f.args, evaluate(e.r, ctx, depth + 1)], ctx);
      }
      const l = evaluate(e.l, ctx, depth + 1);
      const r = evaluate(e.r, ctx, depth + 1);
      if (e.op === '<:>') return { t: 'header', check: { kind: 'equals', name: str(l), value: str(r) } };
      if (e.op === ':') {
        if (r.t !== 'list') throw new Unsupported('cons');
        return { t: 'list', items: [l, ...r.items] };
      }
      if (l.t === 'list' && r.t === 'list') return { t: 'list', items: [...l.items, ...r.items] };
      if (l.t === 'str' && r.t === 'str') return { t: 'str', v: l.v + r.v };
      throw new Unsupported(`${e.op} on ${l.t}, ${r.t}`);
    }
    case 'list':
      return { t: 'list', items: e.items.map((x) => evaluate(x, ctx, depth + 1)) };
    case 'tuple':
      return e.items.length ? { t: 'tuple', items: e.items.map((x) => evaluate(x, ctx, depth + 1)) } : { t: 'unit' };
    case 'update': {
      const m = structuredClone(toMatcher(evaluate(e.e, ctx, depth + 1)));
      for (const [field, ast] of e.fields) {
        const v = evaluate(ast, ctx, depth + 1);
        if (field === 'matchStatus') m.status = num(v);
        else if (field === 'matchHeaders') {
          if (v.t !== 'list') throw new Unsupported('matchHeaders');
          m.headers = v.items.map((h) => {
            if (h.t === 'header') return h.check;
            if (h.t === 'tuple') {
              const [n, val] = headerPair(h);
              return { kind: 'equals', name: n, value: val };
            }
            throw new Unsupported('header matcher');
          });
        } else if (field === 'matchBody') {
          if (v.t === 'json') m.body = { kind: 'json', value: relaxedJson(v.text) };
          else m.body = { kind: 'exact', value: str(v) };
        } else throw new Unsupported(`matcher field ${field}`);
      }
      return { t: 'matcher', m };
    }
  }
}

// ─── Spec files → cases ─────────────────────────────────────────────────────────────────────────────────

const BLOCK_WORDS = new Set(['it', 'describe', 'context', 'specify', 'xit', 'xdescribe']);

/** The `withConfig` records of a file, by the token index where each begins. */
function configsOf(toks: Tok[]): { at: number; fields: Record<string, string> }[] {
  const out: { at: number; fields: Record<string, string> }[] = [];
  for (let i = 0; i < toks.length; i++) {
    if (toks[i]!.v !== 'withConfig' && toks[i]!.v !== 'withConfigDbs') continue;
    let j = i + 1;
    if (toks[j]?.v === '(') j++;
    if (toks[j]?.v !== 'baseCfg') continue;
    const fields: Record<string, string> = {};
    if (toks[j + 1]?.v === '{') {
      let k = j + 2;
      let depth = 0;
      let name = '';
      let val: string[] = [];
      const flush = () => {
        if (name) fields[name] = val.join(' ');
      };
      for (; k < toks.length; k++) {
        const t = toks[k]!;
        if (depth === 0 && t.v === '}') break;
        if (t.v === '(' || t.v === '[' || t.v === '{') depth++;
        if (t.v === ')' || t.v === ']' || t.v === '}') depth--;
        if (depth === 0 && t.v === ',') {
          flush();
          name = '';
          val = [];
        } else if (!name && t.k === 'ident') name = t.v;
        else if (t.v !== '=' || val.length) val.push(t.k === 'str' ? JSON.stringify(t.v) : t.v);
      }
      flush();
    }
    out.push({ at: i, fields });
  }
  return out;
}

/** Splits a token range into the statements of a do-block (layout: a line starting at or left of the first). */
function statements(toks: Tok[]): Tok[][] {
  if (!toks.length) return [];
  let body = toks;
  if (body[0]!.v === 'do') body = body.slice(1);
  if (!body.length) return [];
  const col = body[0]!.col;
  const out: Tok[][] = [];
  for (const t of body) {
    if (t.first && t.col <= col) out.push([]);
    if (!out.length) out.push([]);
    out[out.length - 1]!.push(t);
  }
  return out;
}

/** `let a = …` (one or several bindings laid out under the first) into the environment. */
function addLet(stmt: Tok[], env: Map<string, Tok[]>): void {
  const rest = stmt.slice(1);
  if (!rest.length) return;
  const col = rest[0]!.col;
  const groups: Tok[][] = [];
  for (const t of rest) {
    if (t.first && t.col <= col) groups.push([]);
    if (!groups.length) groups.push([]);
    groups[groups.length - 1]!.push(t);
  }
  for (const g of groups) {
    const eq = g.findIndex((t) => t.v === '=');
    if (eq === 1 && g[0]!.k === 'ident') env.set(g[0]!.v, g.slice(2));
  }
}

export function extractCases(file: string, src: string, ctxBase: Omit<EvalCtx, 'env'>): SpecCase[] {
  const toks = tokenize(src);
  const configs = configsOf(toks);
  const env = new Map<string, Tok[]>();
  const cases: SpecCase[] = [];
  const titles: { col: number; title: string }[] = [];
  // bindings made at describe level (`let singular = …`) are visible to the blocks after them
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    if (t.first && t.v === 'let' && !insideIt(toks, i)) {
      const end = blockEnd(toks, i + 1, t.col);
      addLet(toks.slice(i, end), env);
    }
    if (!(t.first && BLOCK_WORDS.has(t.v) && toks[i + 1]?.k === 'str')) continue;
    while (titles.length && titles[titles.length - 1]!.col >= t.col) titles.pop();
    titles.push({ col: t.col, title: toks[i + 1]!.v });
    if (t.v !== 'it' && t.v !== 'specify' && t.v !== 'xit') continue;
    const end = blockEnd(toks, i + 1, t.col);
    let bodyStart = i + 2;
    if (toks[bodyStart]?.v === '$') bodyStart++;
    const cfg = [...configs].reverse().find((c) => c.at < i)?.fields ?? {};
    const sc: SpecCase = {
      file,
      title: titles.map((x) => x.title).join(' › '),
      line: t.line,
      config: cfg,
      steps: [],
    };
    const localEnv = new Map(env);
    try {
      for (const stmt of statements(toks.slice(bodyStart, end))) {
        const head = stmt[0]!;
        if (head.v === 'let') {
          addLet(stmt, localEnv);
          continue;
        }
        if (head.v === 'pendingWith' || head.v === 'pending') throw new Unsupported('pending');
        const ctx: EvalCtx = { ...ctxBase, env: localEnv };
        const tick = stmt.findIndex((x) => x.k === 'tick' && x.v === 'shouldRespondWith');
        if (tick > 0) {
          const r = evaluate(parseExpr(stmt.slice(0, tick)), ctx);
          if (r.t !== 'req') throw new Unsupported('request expression');
          sc.steps.push({
            request: r.req,
            expect: toMatcher(evaluate(parseExpr(stmt.slice(tick + 1)), ctx)),
            line: head.line,
          });
          continue;
        }
        // a request whose answer is not checked here (set-up), e.g. `void $ request …`, `_ <- post …`
        let s = stmt;
        if (s[0]!.v === '_' && s[1]?.v === '<-') s = s.slice(2);
        if (s[0]!.v === 'void' && s[1]?.v === '$') s = s.slice(2);
        const r = evaluate(parseExpr(s), ctx);
        if (r.t !== 'req') throw new Unsupported('statement');
        sc.steps.push({ request: r.req, line: head.line });
      }
      if (!sc.steps.some((s) => s.expect)) throw new Unsupported('no checked request');
    } catch (e) {
      if (!(e instanceof Unsupported)) throw e;
      sc.skipped = e.message;
    }
    cases.push(sc);
  }
  return cases;
}

/** The token index where a block starting at `from` (its keyword at column `col`) ends. */
function blockEnd(toks: Tok[], from: number, col: number): number {
  let k = from;
  while (k < toks.length && !(toks[k]!.first && toks[k]!.col <= col)) k++;
  return k;
}

function insideIt(toks: Tok[], i: number): boolean {
  const col = toks[i]!.col;
  for (let k = i - 1; k >= 0; k--) {
    const t = toks[k]!;
    if (t.first && t.col < col) return t.v === 'it' || t.v === 'specify';
  }
  return false;
}
