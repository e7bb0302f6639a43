// Placeholder until the inbox is implemented.
import http from 'node:http';
import type { StackContext } from '../context.ts';

export async function startInbox(ctx: StackContext, port: number, host: string): Promise<http.Server> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ total: ctx.mailbox.list().length, messages: [] }));
  });
  await new Promise<void>((r) => server.listen(port, host, r));
  return server;
}
