// The Phoenix channel protocol's frames as realtime-js speaks them: vsn 2.0.0 JSON arrays
// `[join_ref, ref, topic, event, payload]`, vsn 1.0.0 JSON objects, and realtime-js 2.x's binary
// broadcast frames (client push kind 3, server broadcast kind 4), as Realtime's serializer reads them.

export type Frame = {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
};

/** A frame from a client; a binary broadcast keeps its payload bytes. */
export type InFrame = Frame & { binary?: Buffer };

export function isObj(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

export function decodeFrame(data: string): Frame | null {
  let v: unknown;
  try {
    v = JSON.parse(data);
  } catch {
    return null;
  }
  const str = (x: unknown) => (x === null || x === undefined ? null : String(x));
  if (Array.isArray(v) && v.length === 5) {
    const [joinRef, ref, topic, event, payload] = v as unknown[];
    if (typeof topic !== 'string' || typeof event !== 'string') return null;
    return { joinRef: str(joinRef), ref: str(ref), topic, event, payload: isObj(payload) ? payload : {} };
  }
  if (isObj(v) && typeof v.topic === 'string' && typeof v.event === 'string') {
    return {
      joinRef: str(v.join_ref),
      ref: str(v.ref),
      topic: v.topic,
      event: v.event,
      payload: isObj(v.payload) ? v.payload : {},
    };
  }
  return null;
}

/**
 * realtime-js 2.x sends user broadcasts as binary frames: kind 3, then the byte lengths of join_ref,
 * ref, topic, event and metadata, the payload encoding (0 binary, 1 JSON), the strings, the payload.
 */
export function decodeBinaryPush(buf: Buffer): InFrame | null {
  if (buf.length < 7 || buf[0] !== 3) return null;
  const [joinRefLen, refLen, topicLen, eventLen, metaLen, encoding] = [
    buf[1]!,
    buf[2]!,
    buf[3]!,
    buf[4]!,
    buf[5]!,
    buf[6]!,
  ];
  let off = 7;
  const take = (n: number) => {
    const out = buf.subarray(off, off + n).toString('utf8');
    off += n;
    return out;
  };
  const joinRef = take(joinRefLen);
  const ref = take(refLen);
  const topic = take(topicLen);
  const event = take(eventLen);
  const meta = take(metaLen);
  if (off > buf.length) return null;
  const body = buf.subarray(off);
  let payload: unknown;
  if (encoding === 1) {
    try {
      payload = JSON.parse(body.toString('utf8'));
    } catch {
      return null;
    }
  }
  const data: Record<string, unknown> = { type: 'broadcast', event, payload: payload ?? null };
  if (meta) {
    try {
      data.meta = JSON.parse(meta);
    } catch {
      /* metadata is optional */
    }
  }
  return {
    joinRef: joinRef || null,
    ref: ref || null,
    topic,
    event: 'broadcast',
    payload: data,
    binary: encoding === 1 ? undefined : Buffer.from(body),
  };
}

/**
 * Server-to-client user broadcast (kind 4): lengths of topic, event and metadata, the payload encoding (0 binary,
 * 1 JSON), then the bytes; metadata is JSON (`{"id": …}` for a message from the database).
 */
export function encodeBinaryBroadcast(
  topic: string,
  event: string,
  payload: Buffer,
  opts: { json?: boolean; meta?: Record<string, unknown> } = {},
): Buffer {
  const t = Buffer.from(topic);
  const e = Buffer.from(event);
  const m = Buffer.from(opts.meta ? JSON.stringify(opts.meta) : '');
  return Buffer.concat([Buffer.from([4, t.length, e.length, m.length, opts.json ? 1 : 0]), t, e, m, payload]);
}
