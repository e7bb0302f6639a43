// storage's declarative RLS scenarios (`src/test/rls_tests.yaml`), read unchanged and played over HTTP against
// the stack with the semantics storage's own harness gives them: per scenario a new user (in auth.users) and a
// token for it, the file rendered with `{{uid}}`, `{{bucketName}}`, `{{objectName}}`, `{{runId}}`, the
// scenario's policies created (`"<name>_<permission>"`, permissive, per table × role × permission), a private
// bucket owned by the user (unless `setup.create_bucket: false`), then each assert: a bucket it names is created
// first, its own policies exist only while it runs, the call is made as the user (or the service role for
// `role: service`), and its status — and `error`, against the body's `message` — must match. A scenario passes
// when all of its asserts do (every assert is played and each mismatch listed).
//
// Transport, where storage's harness uses its in-process app: uploads are multipart bodies with the suite's
// `sadcat.jpg`; an assert's `contentLength` is made true by padding the file part so the body has that many
// bytes (a request cannot declare a length it does not send over HTTP); `upload.tus` speaks TUS 1.0.0
// (creation, then one PATCH); `upload.s3.multipart` sends the S3 CreateMultipartUpload request, unsigned,
// to `/storage/v1/s3`; `object.seed` inserts the row as storage's database layer does.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { signJwt } from '../../src/jwt.ts';
import type { Stack } from '../../src/stack.ts';

interface Policy {
  name: string;
  tables: string | string[];
  roles: string | string[];
  permissions: string | string[];
  content: string;
}
interface Assert {
  operation: string;
  objectName?: string;
  bucketName?: string;
  useExistingBucketName?: string;
  role?: string;
  policies?: string[];
  userMetadata?: Record<string, unknown>;
  mimeType?: string;
  contentLength?: number;
  copyMetadata?: boolean;
  destinationObjectName?: string;
  status: number;
  error?: string;
}
interface Scenario {
  description: string;
  policies: string[];
  asserts: Assert[];
  setup?: { create_bucket?: boolean };
}
interface Spec {
  policies: Policy[];
  tests: Scenario[];
}
interface Reply {
  status: number;
  message?: string;
  body: string;
}

const list = (v: string | string[]) => (Array.isArray(v) ? v : [v]);
const sqlText = (s: string) => `'${s.replace(/'/g, "''")}'`;

function render(template: string, values: Record<string, string>): string {
  return template.replace(/{{\s*([a-zA-Z0-9_]+)\s*}}/g, (_m, key: string) => {
    if (!(key in values)) throw new Error(`unknown template variable ${key}`);
    return values[key]!;
  });
}

export async function runRlsScenarios(root: string, stack: Stack): Promise<number> {
  const yaml = createRequire(path.join(root, 'package.json'))('js-yaml') as { load: (s: string) => unknown };
  const text = fs.readFileSync(path.join(root, 'src/test/rls_tests.yaml'), 'utf8');
  const image = fs.readFileSync(path.join(root, 'src/test/assets/sadcat.jpg'));
  const scenarios = (yaml.load(text) as Spec).tests;
  const base = `${stack.apiUrl}/storage/v1`;
  const { auth } = stack.config;
  let passed = 0;
  const failures: string[] = [];
  let assertsPassed = 0;
  let assertsTotal = 0;

  for (let index = 0; index < scenarios.length; index++) {
    const uid = crypto.randomUUID();
    const firstBucket: string = crypto.randomUUID();
    const firstObject: string = crypto.randomUUID();
    const spec = yaml.load(
      render(text, { uid, bucketName: firstBucket, objectName: firstObject, runId: crypto.randomUUID() }),
    ) as Spec;
    const scenario = spec.tests[index]!;
    const jwt = signJwt({ sub: uid, role: 'authenticated', exp: Math.floor(Date.now() / 1000) + 3600 }, auth.jwtSecret);
    await stack.db.exec(
      `insert into auth.users (instance_id, id, aud, role, email) values ('00000000-0000-0000-0000-000000000000', '${uid}', 'authenticated', 'authenticated', '${uid}@supabase.io')`,
    );
    const createPolicies = async (names: string[]) => {
      const made: { name: string; table: string }[] = [];
      for (const n of names) {
        const p = spec.policies.find((x) => x.name === n);
        if (!p) throw new Error(`policy ${n} not found`);
        for (const table of list(p.tables))
          for (const role of list(p.roles))
            for (const permission of list(p.permissions)) {
              const name = `${p.name}_${permission}`;
              await stack.db.exec(
                `create policy "${name}" on ${table} as permissive for ${permission} to "${role}" ${p.content}`,
              );
              made.push({ name, table });
            }
      }
      return made;
    };
    const dropPolicies = async (made: { name: string; table: string }[]) => {
      for (const p of made) await stack.db.exec(`drop policy if exists "${p.name}" on ${p.table}`);
    };
    const createBucket = (id: string) =>
      stack.db.exec(
        `insert into storage.buckets (id, name, public, owner) values (${sqlText(id)}, ${sqlText(id)}, false, '${uid}')`,
      );

    const problems: string[] = [];
    let scenarioPolicies: { name: string; table: string }[] = [];
    try {
      scenarioPolicies = await createPolicies(scenario.policies);
      if (scenario.setup?.create_bucket !== false) await createBucket(firstBucket);
      // the object an assert names stays the current one for the asserts after it
      let currentObject: string = firstObject;
      for (const [i, a] of scenario.asserts.entries()) {
        let bucket: string = firstBucket;
        if (a.bucketName) {
          bucket = a.bucketName;
          await createBucket(bucket);
        }
        if (a.useExistingBucketName) bucket = a.useExistingBucketName;
        if (a.objectName) currentObject = a.objectName;
        const local = a.policies?.length ? await createPolicies(a.policies) : [];
        assertsTotal++;
        try {
          const token = a.role === 'service' ? auth.serviceRoleKey : jwt;
          const reply = await operate(a, { base, bucket, objectName: currentObject, token, image, stack, uid });
          const wrong: string[] = [];
          if (reply.status !== a.status) wrong.push(`status ${reply.status}, expected ${a.status}`);
          if (a.error !== undefined && reply.message !== a.error)
            wrong.push(`message ${JSON.stringify(reply.message)}, expected ${JSON.stringify(a.error)}`);
          if (wrong.length)
            problems.push(`#${i + 1} ${a.operation}: ${wrong.join('; ')} (${reply.body.slice(0, 160)})`);
          else assertsPassed++;
        } finally {
          await dropPolicies(local);
        }
      }
    } catch (e) {
      problems.push(`did not run to the end: ${(e as Error).message.split('\n')[0]}`);
    } finally {
      await dropPolicies(scenarioPolicies);
    }
    if (problems.length === 0) passed++;
    else failures.push(`✗ rls_tests.yaml › ${scenario.description}\n    ${problems.join('\n    ')}`);
  }

  console.log(
    `\nstorage RLS scenarios (rls_tests.yaml): ${passed} of ${scenarios.length} scenarios pass; ${assertsPassed} of ${assertsTotal} asserts.`,
  );
  console.log(`${passed} passed, ${scenarios.length - passed} failed`);
  for (const f of failures) console.log(f);
  return passed === scenarios.length ? 0 : 1;
}

interface Context {
  base: string;
  bucket: string;
  objectName: string;
  token: string;
  image: Buffer;
  stack: Stack;
  uid: string;
}

async function reply(res: Response): Promise<Reply> {
  const body = await res.text();
  let message: string | undefined;
  try {
    message = (JSON.parse(body) as { message?: string }).message;
  } catch {
    message = undefined;
  }
  return { status: res.status, message, body };
}

function uploadForm(a: Assert, image: Buffer): FormData {
  const form = new FormData();
  let file = image;
  if (a.contentLength && a.contentLength > image.length)
    file = Buffer.concat([image, Buffer.alloc(a.contentLength - image.length)]);
  form.append('file', new Blob([new Uint8Array(file)]), 'sadcat.jpg');
  if (a.userMetadata) form.append('metadata', JSON.stringify(a.userMetadata));
  if (a.mimeType) form.append('contentType', a.mimeType);
  return form;
}

async function operate(a: Assert, c: Context): Promise<Reply> {
  const authz = { authorization: `Bearer ${c.token}` };
  const json = (method: string, route: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`${c.base}${route}`, {
      method,
      headers: { ...authz, ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then(reply);
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64');
  switch (a.operation) {
    case 'upload':
    case 'upload.upsert':
      return fetch(`${c.base}/object/${c.bucket}/${c.objectName}`, {
        method: 'POST',
        headers: { ...authz, ...(a.operation === 'upload.upsert' ? { 'x-upsert': 'true' } : {}) },
        body: uploadForm(a, c.image),
      }).then(reply);
    case 'upload.signed':
      return json(
        'POST',
        `/object/upload/sign/${c.bucket}/${c.objectName}`,
        undefined,
        a.userMetadata ? { 'x-metadata': b64(a.userMetadata) } : {},
      );
    case 'upload.tus':
      return tus(a, c);
    case 'upload.s3.multipart':
      return fetch(`${c.base}/s3/${c.bucket}/${c.objectName}?uploads`, { method: 'POST', headers: authz }).then(reply);
    case 'bucket.list':
      return json('GET', '/bucket');
    case 'bucket.get':
      return json('GET', `/bucket/${c.bucket}`);
    case 'bucket.create':
      return json('POST', '/bucket', { name: c.bucket });
    case 'bucket.empty':
      return json('POST', `/bucket/${c.bucket}/empty`);
    case 'bucket.update':
      return json('PUT', `/bucket/${c.bucket}`, { public: true });
    case 'bucket.delete':
      return json('DELETE', `/bucket/${c.bucket}`);
    case 'object.delete':
      return json('DELETE', `/object/${c.bucket}/${c.objectName}`);
    case 'object.get':
      return json('GET', `/object/authenticated/${c.bucket}/${c.objectName}`);
    case 'object.list':
      return json('POST', `/object/list/${c.bucket}`, { prefix: '', sortBy: { column: 'name', order: 'asc' } });
    case 'object.move':
      return json('POST', '/object/move', {
        bucketId: c.bucket,
        sourceKey: c.objectName,
        destinationKey: `moved_${c.objectName}`,
      });
    case 'object.copy':
      return json(
        'POST',
        '/object/copy',
        {
          bucketId: c.bucket,
          sourceKey: c.objectName,
          destinationKey: a.destinationObjectName ?? `copied_${c.objectName}`,
          copyMetadata: a.copyMetadata ?? true,
        },
        a.userMetadata ? { 'x-metadata': b64(a.userMetadata) } : {},
      );
    case 'object.seed':
      await c.stack.db.exec(
        `insert into storage.objects (bucket_id, name, owner, metadata, user_metadata, version)
         values (${sqlText(c.bucket)}, ${sqlText(c.objectName)}, '${c.uid}', '{"size":1}', null, '${crypto.randomUUID()}')`,
      );
      return { status: 200, body: '{}' };
    default:
      throw new Error(`operation ${a.operation} not known`);
  }
}

/** TUS 1.0.0 as tus-js-client sends it (creation without data, then one PATCH); its error body is the message. */
async function tus(a: Assert, c: Context): Promise<Reply> {
  const meta: Record<string, string> = {
    bucketName: c.bucket,
    objectName: c.objectName,
    contentType: a.mimeType ?? 'application/octet-stream',
    cacheControl: '3600',
    ...(a.userMetadata ? { metadata: JSON.stringify(a.userMetadata) } : {}),
  };
  const size = a.contentLength || c.image.length;
  const created = await fetch(`${c.base}/upload/resumable`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${c.token}`,
      'tus-resumable': '1.0.0',
      'upload-length': String(size),
      'upload-metadata': Object.entries(meta)
        .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
        .join(','),
    },
  });
  const failed = async (res: Response): Promise<Reply> => {
    const body = await res.text();
    return { status: res.status, message: body || undefined, body };
  };
  if (created.status !== 201) return failed(created);
  await created.body?.cancel();
  const location = new URL(created.headers.get('location') ?? '', `${c.base}/upload/resumable/`).toString();
  const data = size > c.image.length ? Buffer.concat([c.image, Buffer.alloc(size - c.image.length)]) : c.image;
  const patched = await fetch(location, {
    method: 'PATCH',
    headers: {
      authorization: `Bearer ${c.token}`,
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    body: new Uint8Array(data),
  });
  if (patched.status !== 204) return failed(patched);
  return { status: 200, body: '{}' };
}
