// Runs slow-probe.mjs in its own process: simple GETs sent while a slow request runs (see that file).
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ProbeResult {
  /** Each simple GET: latency, status, and when it was sent (ms after the slow request). */
  gets: { ms: number; status: number; sentAt: number }[];
  /** When the slow request answered (ms after it was sent), and with what. */
  slow: { ms: number; status: number; code: string | null; message: string | null };
}

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'slow-probe.mjs');

export function runSlowProbe(opts: {
  url: string;
  apikey: string;
  simplePath: string;
  slowPath: string;
  slowBody: unknown;
}): Promise<ProbeResult> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [script, JSON.stringify(opts)], { timeout: 60_000 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`slow probe failed: ${err.message} ${stderr}`));
      else resolve(JSON.parse(stdout.trim().split('\n').pop()!) as ProbeResult);
    });
  });
}
