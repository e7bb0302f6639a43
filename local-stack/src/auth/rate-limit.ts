// Sliding-window request counters kept in memory, one window per (bucket, key). GoTrue limits by
// client IP; the stack also limits by e-mail address so one address cannot be hammered from many IPs.
import type http from 'node:http';
import type { StackConfig } from '../config.ts';
import { authError } from './errors.ts';

type Bucket = 'signInSignUps' | 'tokenVerifications' | 'tokenRefresh' | 'anonymousUsers' | 'emailSent';

// Windows as GoTrue documents them: most request limits per 5 minutes, anonymous users and e-mails per hour.
const WINDOW_MS: Record<Bucket, number> = {
  signInSignUps: 5 * 60_000,
  tokenVerifications: 5 * 60_000,
  tokenRefresh: 5 * 60_000,
  anonymousUsers: 60 * 60_000,
  emailSent: 60 * 60_000,
};

export class RateLimiter {
  private hits = new Map<string, number[]>();
  private lastEmailAt = new Map<string, number>();

  constructor(private readonly config: StackConfig) {}

  private take(bucket: Bucket, keys: string[], now: number): boolean {
    const limit = this.config.auth.rateLimit[bucket];
    const window = WINDOW_MS[bucket];
    const lists = keys.map((k) => {
      const id = `${bucket}:${k}`;
      const kept = (this.hits.get(id) ?? []).filter((t) => now - t < window);
      this.hits.set(id, kept);
      return kept;
    });
    if (lists.some((l) => l.length >= limit)) return false;
    for (const l of lists) l.push(now);
    return true;
  }

  /** Counts one request against the IP (and the e-mail when given); throws 429 over the limit. */
  request(bucket: Exclude<Bucket, 'emailSent'>, ip: string, email?: string | null): void {
    const keys = [`ip:${ip}`, ...(email ? [`email:${email}`] : [])];
    if (!this.take(bucket, keys, Date.now()))
      throw authError(429, 'over_request_rate_limit', 'Request rate limit reached');
  }

  /** One outgoing mail to `email`: minimum interval per address, then the hourly budget per IP and per address. */
  email(ip: string, email: string): void {
    const now = Date.now();
    const minGap = this.config.auth.email.maxFrequencySeconds * 1000;
    const last = this.lastEmailAt.get(email);
    if (last !== undefined && now - last < minGap) {
      const wait = Math.ceil((minGap - (now - last)) / 1000);
      throw authError(
        429,
        'over_email_send_rate_limit',
        `For security purposes, you can only request this after ${wait} seconds.`,
      );
    }
    if (!this.take('emailSent', [`ip:${ip}`, `email:${email}`], now))
      throw authError(429, 'over_email_send_rate_limit', 'Email rate limit exceeded');
    this.lastEmailAt.set(email, now);
  }
}

export function clientIp(req: http.IncomingMessage): string {
  return req.socket.remoteAddress ?? 'unknown';
}
