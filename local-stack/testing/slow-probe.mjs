// A client in its own process (the stack's own event loop may be busy, and a client inside the stack's
// process would wait with it): sends one slow request, then, 200 ms later, simple GETs one after the
// other until the slow request answers. Prints one JSON line: each GET's latency (ms), when the slow
// request answered, and with what.
// Usage: node slow-probe.mjs <json {url, apikey, simplePath, slowPath, slowBody}>
const { url, apikey, simplePath, slowPath, slowBody } = JSON.parse(process.argv[2]);
const headers = { apikey };
const t0 = performance.now();
let slow = null;
const slowReq = fetch(`${url}${slowPath}`, {
  method: 'POST',
  headers: { ...headers, 'Content-Type': 'application/json' },
  body: JSON.stringify(slowBody),
}).then(async (r) => {
  const body = await r.json().catch(() => ({}));
  slow = { ms: performance.now() - t0, status: r.status, code: body.code ?? null, message: body.message ?? null };
});
await new Promise((res) => setTimeout(res, 200));
const gets = [];
while (slow === null && gets.length < 1000) {
  const t = performance.now();
  const r = await fetch(`${url}${simplePath}`, { headers });
  await r.arrayBuffer();
  gets.push({ ms: performance.now() - t, status: r.status, sentAt: t - t0 });
}
await slowReq;
console.log(JSON.stringify({ gets, slow }));
