// The API report of the contract: every name `@guestmap/shared-ui/contracts` exports, with its type, read
// by the TypeScript compiler, written to shared-ui/contracts.api.md (checked in). A test
// (src/contracts/api-report.test.ts) fails when the surface and the report differ.
//
// Run: pnpm --filter @guestmap/shared-ui api-report
// A changed surface needs a new contract version (src/contracts/version.ts): this script refuses to write
// it under the same version, and asks for a new major when a name went away (a changed type: the author
// says which, a minor when remotes built against the old version still work with it, else a major).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { CONTRACT_VERSION, parseContractVersion } from '../src/contracts/version.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const sharedUiDir = path.resolve(here, '..');
export const REPORT_FILE = path.join(sharedUiDir, 'contracts.api.md');
const ENTRY = path.join(sharedUiDir, 'src', 'contracts', 'index.ts');
export const REGENERATE = 'pnpm --filter @guestmap/shared-ui api-report';
/** The database types generated from the migrations: the contract's `Database` is declared there. */
export const DATABASE_TYPES = path.resolve(sharedUiDir, '..', 'supabase', 'types', 'database.ts');
const DATABASE_MODULE = '@guestmap/supabase/types/database.ts';

/** One exported name: its kind and its type as the compiler prints it (declarations without comments). */
export interface ApiEntry {
  name: string;
  kind: string;
  text: string;
}

let built: ts.Program | null = null;
/** The contract's program, built once a process (the report and its test read it more than once). */
function program(): ts.Program {
  return (built ??= buildProgram());
}

function buildProgram(): ts.Program {
  const configPath = path.join(sharedUiDir, 'tsconfig.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error(`cannot read ${configPath}`);
  return ts.createProgram([ENTRY], { ...parsed.options, noEmit: true });
}

/** A declaration's text without comments, on one line per statement. */
function declarationText(node: ts.Node): string {
  const printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed });
  return printer.printNode(ts.EmitHint.Unspecified, node, node.getSourceFile()).trim();
}

const TYPE_FLAGS =
  ts.TypeFormatFlags.NoTruncation |
  ts.TypeFormatFlags.UseFullyQualifiedType |
  ts.TypeFormatFlags.WriteArrowStyleSignature;

const SIGNATURE_FLAGS = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseFullyQualifiedType;

/**
 * The shape of the generated database types as one stable line: the sha256 of the file's declarations printed
 * by the compiler without comments (so a comment or a change of layout leaves it alone, and any change of a table,
 * column, function, argument or answer changes it).
 */
export function databaseShape(typesText: string): string {
  const file = ts.createSourceFile('database.ts', typesText, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed });
  const canonical = file.statements.map((s) => printer.printNode(ts.EmitHint.Unspecified, s, file).trim()).join('\n');
  return `sha256:${crypto.createHash('sha256').update(canonical).digest('hex')}`;
}

/**
 * A name declared in the generated database types: named with its module and the types' shape, so that a
 * change of the schema changes the report (and asks for a contract version bump, as any changed type does).
 */
function databaseEntry(name: string, typesText: string): ApiEntry {
  return {
    name,
    kind: 'type',
    text: `export type { ${name} } from '${DATABASE_MODULE}';\n// generated from supabase/migrations; its shape: ${databaseShape(typesText)}`,
  };
}

const samePath = (a: string, b: string) => fs.realpathSync(a) === fs.realpathSync(b);

/**
 * Every name the contract exports, sorted, with its kind and type. `databaseTypes`: the generated database types'
 * text (the file's, by default), whose shape the names declared there are reported with.
 */
export function contractSurface(databaseTypes: string = fs.readFileSync(DATABASE_TYPES, 'utf8')): ApiEntry[] {
  const prog = program();
  const checker = prog.getTypeChecker();
  const source = prog.getSourceFile(ENTRY);
  if (!source) throw new Error(`${ENTRY} is not in the program`);
  const moduleSymbol = checker.getSymbolAtLocation(source)!;
  const entries: ApiEntry[] = [];
  for (const exported of checker.getExportsOfModule(moduleSymbol)) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const decl = symbol.declarations?.[0];
    if (!decl) continue;
    const file = decl.getSourceFile().fileName;
    const name = exported.getName();
    if (samePath(file, DATABASE_TYPES)) {
      entries.push(databaseEntry(name, databaseTypes));
      continue;
    }
    // A library's own export (react-i18next's useTranslation, …): named with its origin, not its whole type.
    if (!path.resolve(file).startsWith(path.join(sharedUiDir, 'src'))) {
      const lib = /.*node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1] ?? path.basename(file);
      entries.push({ name, kind: 're-export', text: `export { ${name} } from '${lib}';` });
      continue;
    }
    if (ts.isInterfaceDeclaration(decl) || ts.isTypeAliasDeclaration(decl) || ts.isEnumDeclaration(decl)) {
      const both = symbol.flags & ts.SymbolFlags.Value && symbol.flags & ts.SymbolFlags.Type;
      const kind = ts.isInterfaceDeclaration(decl) ? 'interface' : ts.isEnumDeclaration(decl) ? 'enum' : 'type';
      let text = declarationText(decl);
      if (both) {
        const valueDecl = symbol.valueDeclaration!;
        text += `\nconst ${name}: ${checker.typeToString(checker.getTypeOfSymbolAtLocation(symbol, valueDecl), valueDecl, TYPE_FLAGS)};`;
      }
      entries.push({ name, kind, text });
      continue;
    }
    if (ts.isClassDeclaration(decl)) {
      entries.push({ name, kind: 'class', text: declarationText(decl).replace(/\{[\s\S]*\}$/, '{ … }') });
      continue;
    }
    // A constant declared with a type is reported with that type as written (`ROUTE_NAMES: RouteName[]`), not
    // its expansion: the route names are the route registry's data (route-registry.js), outside the report,
    // so a new route changes neither this report nor the contract version (docs/platform.md "Contract version").
    if (ts.isVariableDeclaration(decl) && decl.type) {
      entries.push({ name, kind: 'const', text: `const ${name}: ${declarationText(decl.type)};` });
      continue;
    }
    const type = checker.getTypeOfSymbolAtLocation(symbol, decl);
    const kind = type.getCallSignatures().length && !ts.isVariableDeclaration(decl) ? 'function' : 'const';
    const text =
      kind === 'function'
        ? type
            .getCallSignatures()
            .map((s) => `function ${name}${checker.signatureToString(s, decl, SIGNATURE_FLAGS)};`)
            .join('\n')
        : `const ${name}: ${checker.typeToString(type, decl, TYPE_FLAGS)};`;
    entries.push({ name, kind, text });
  }
  return entries.sort((a, b) => a.name.localeCompare(b.name));
}

/** The report's text for `entries` under contract `version`. */
export function renderReport(entries: ApiEntry[], version: string = CONTRACT_VERSION): string {
  const lines = [
    '# API report: `@guestmap/shared-ui/contracts`',
    '',
    `Contract version: **${version}** (\`shared-ui/src/contracts/version.ts\`).`,
    '',
    `Generated by \`${REGENERATE}\` (shared-ui/scripts/api-report.ts); do not edit by hand. Every name the`,
    'contract exports, with its type as the TypeScript compiler reads it. `src/contracts/api-report.test.ts`',
    'fails when the contract and this report differ. **A change of this surface needs a contract version bump**:',
    'the minor when remotes built against the previous version still work with it (names added, a type widened:',
    'a new optional field), the major when they would not (a name removed, a type narrowed or changed); a remote',
    'built against another major is not loaded, it shows the fallback. The script refuses to write a changed',
    'surface under the same version, and a removed name without a new major. The route names are the route',
    "registry's data (`route-registry.js`), not listed here: a new route needs no bump, a removed or renamed one a",
    'new major (docs/platform.md "Contract version"). `Database` is reported with the shape of the database types',
    'generated from the migrations (a hash of their declarations): a schema change is a changed type and needs a bump.',
    '',
  ];
  for (const e of entries) lines.push(`## ${e.name} (${e.kind})`, '', '```ts', e.text, '```', '');
  return lines.join('\n');
}

/** The entries and version of a report's text. */
export function parseReport(text: string): { version: string | null; entries: Map<string, string> } {
  const version = /Contract version: \*\*(\d+\.\d+)\*\*/.exec(text)?.[1] ?? null;
  const entries = new Map<string, string>();
  for (const m of text.matchAll(/^## (\S+) \(([^)]+)\)\n\n```ts\n([\s\S]*?)\n```$/gm))
    entries.set(m[1], `${m[2]}\n${m[3]}`);
  return { version, entries };
}

/** Why `next` may not be written over `previous` (a changed surface without the version it needs), or null. */
export function bumpNeeded(previous: string, next: ApiEntry[], version: string = CONTRACT_VERSION): string | null {
  const old = parseReport(previous);
  const now = new Map(next.map((e) => [e.name, `${e.kind}\n${e.text}`]));
  const added = [...now.keys()].filter((k) => !old.entries.has(k));
  const removed = [...old.entries.keys()].filter((k) => !now.has(k));
  const changed = [...now.keys()].filter((k) => old.entries.has(k) && old.entries.get(k) !== now.get(k));
  if (!added.length && !removed.length && !changed.length) return null;
  const was = parseContractVersion(old.version);
  const is = parseContractVersion(version)!;
  const what = [
    added.length ? `added: ${added.join(', ')}` : '',
    removed.length ? `removed: ${removed.join(', ')}` : '',
    changed.length ? `changed: ${changed.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('; ');
  if (!was) return null;
  if (removed.length && is.major <= was.major)
    return `The contract's surface changed (${what}): a name that goes away needs a new major. Set CONTRACT_DECLARATION in shared-ui/src/contracts/version.ts to guestmap-contract@${was.major + 1}.0 and run ${REGENERATE} again.`;
  if (is.major < was.major || (is.major === was.major && is.minor <= was.minor))
    return (
      `The contract's surface changed (${what}): set CONTRACT_DECLARATION in shared-ui/src/contracts/version.ts to ` +
      `guestmap-contract@${was.major}.${was.minor + 1} when remotes built against ${was.major}.${was.minor} still work with it ` +
      `(names added, a type widened: a new optional field), or guestmap-contract@${was.major + 1}.0 when they ` +
      `would not (a type narrowed or changed), and run ${REGENERATE} again.`
    );
  return null;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const entries = contractSurface();
  const previous = fs.existsSync(REPORT_FILE) ? fs.readFileSync(REPORT_FILE, 'utf8') : '';
  const refusal = previous ? bumpNeeded(previous, entries) : null;
  if (refusal) {
    console.error(refusal);
    process.exit(1);
  }
  fs.writeFileSync(REPORT_FILE, renderReport(entries));
  console.log(`${path.relative(process.cwd(), REPORT_FILE)}: ${entries.length} exports, contract ${CONTRACT_VERSION}`);
}
