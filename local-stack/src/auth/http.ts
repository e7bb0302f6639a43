// Small helpers for the auth handlers: JSON body as an object, JSON replies with the API version header.
import type http from 'node:http';
import { readJson, sendJson, type Res } from '../http/router.ts';
import { API_VERSION, API_VERSION_HEADER, authError } from './errors.ts';
import type { Json } from './models/users.ts';

// The parsed body per request: POST /verify reads it to choose a flow, then the chosen handler reads it again.
const parsed = new WeakMap<http.IncomingMessage, Promise<Json>>();

export function body(req: http.IncomingMessage): Promise<Json> {
  let p = parsed.get(req);
  if (!p) parsed.set(req, (p = readBody(req)));
  return p;
}

async function readBody(req: http.IncomingMessage): Promise<Json> {
  const v = await readJson(req, () => authError(400, 'bad_json', 'Could not parse request body as JSON'), 1024 * 1024);
  if (v === undefined || v === null) return {};
  if (typeof v !== 'object' || Array.isArray(v)) throw authError(400, 'bad_json', 'Request body must be a JSON object');
  return v as Json;
}

export function reply(res: Res, status: number, payload: unknown, headers: Record<string, string> = {}): void {
  sendJson(res, status, payload, { [API_VERSION_HEADER]: API_VERSION, ...headers });
}

export const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
export const obj = (v: unknown): Json | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : null);
