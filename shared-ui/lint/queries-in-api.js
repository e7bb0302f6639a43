// The data layer's one rule (issue 44): a request to the backend is written only in an api/ file (one file per
// request), or in the shell's app/ services, which are the shell's api layer. Components and hooks call those
// files; they never hold a query. What counts as a request, read from the code without types:
//   x.from(…)  x.rpc(…)  x.channel(…)  x.storage  (and the same names taken apart: const { from } = db)
// Not requests: `from` read without a call (a field: a date range's `period.from`), `from` on a name that begins
// with a capital (Array.from, Buffer.from, Uint8Array.from: constructors, not a client), the browser's
// `navigator.storage`.

const CALLS = new Set(['from', 'rpc', 'channel']);
const MEMBERS = new Set(['storage']);
const NAMES = new Set([...CALLS, ...MEMBERS]);

/** The property's name of a member expression (`a.b`, `a['b']`), or null. */
function propertyName(member) {
  if (!member.computed && member.property.type === 'Identifier') return member.property.name;
  if (member.computed && member.property.type === 'Literal' && typeof member.property.value === 'string')
    return member.property.value;
  return null;
}

/** Whether `object` (what `.from` is read on) is a constructor such as Array or Buffer. */
const isConstructor = (object) => object.type === 'Identifier' && /^[A-Z]/.test(object.name);

/** The file is one of the data layer's: a file in an api/ folder, or (`allow`) one of the extra folders. */
export function isDataLayerFile(filename, allow = []) {
  const path = filename.replace(/\\/g, '/');
  return /\/api\//.test(path) || allow.some((dir) => path.includes(`/${dir.replace(/^\/|\/$/g, '')}/`));
}

/** @type {import('eslint').Rule.RuleModule} */
export const queriesInApi = {
  meta: {
    type: 'problem',
    docs: { description: 'queries (.from, .rpc, .storage, .channel on a client) only in api/ files' },
    schema: [
      {
        type: 'object',
        properties: { allow: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
    messages: {
      query:
        '`.{{name}}` is a request to the backend: write it in an api/ file (one file per request) and call that from the component or hook (docs/platform.md, "The data layer").',
    },
  },
  create(context) {
    const allow = context.options[0]?.allow ?? [];
    if (isDataLayerFile(context.filename, allow)) return {};
    const report = (node, name) => context.report({ node, messageId: 'query', data: { name } });
    return {
      MemberExpression(node) {
        const name = propertyName(node);
        if (!name || !NAMES.has(name)) return;
        if (MEMBERS.has(name)) {
          if (node.object.type === 'Identifier' && node.object.name === 'navigator') return;
          return report(node, name);
        }
        // from / rpc / channel: as a call, or handed on (`const f = db.rpc`). `x.storage.from(…)` is told once.
        if (name === 'from' && isConstructor(node.object)) return;
        // A `from` that is not called is a value's field (a date range's `period.from`), not a table.
        if (name === 'from' && !(node.parent?.type === 'CallExpression' && node.parent.callee === node)) return;
        if (node.object.type === 'MemberExpression' && MEMBERS.has(propertyName(node.object) ?? '')) return;
        report(node, name);
      },
      ObjectPattern(node) {
        for (const p of node.properties) {
          if (p.type !== 'Property') continue;
          const key =
            !p.computed && p.key.type === 'Identifier' ? p.key.name : p.key.type === 'Literal' ? p.key.value : null;
          if (typeof key === 'string' && NAMES.has(key)) report(p, key);
        }
      },
    };
  },
};

export default { rules: { 'queries-in-api': queriesInApi } };
