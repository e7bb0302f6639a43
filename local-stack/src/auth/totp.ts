// Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP) as GoTrue's TOTP factor uses them:
// HMAC-SHA-1, 6 digits, 30-second steps, one step of clock skew either way; secrets in RFC 4648 base32.
import crypto from 'node:crypto';

export const TOTP_PERIOD = 30;
export const TOTP_DIGITS = 6;
export const TOTP_SKEW = 1;

const B32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(buf: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of buf) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += B32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += B32[(value << (5 - bits)) & 31];
  return out;
}

/** Decodes base32 (case, spaces and `=` padding ignored); null when a character is not in the alphabet. */
export function base32Decode(text: string): Buffer | null {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    const i = B32.indexOf(ch);
    if (i < 0) return null;
    value = ((value << 5) | i) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommended length), base32. */
export const newTotpSecret = (): string => base32Encode(crypto.randomBytes(20));

/** RFC 4226 HOTP value of `counter` for `key`, zero-padded to `TOTP_DIGITS`. */
export function hotp(key: Buffer, counter: number): string {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const mac = crypto.createHmac('sha1', key).update(msg).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const bin = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** TOTP_DIGITS;
  return String(bin).padStart(TOTP_DIGITS, '0');
}

/** The code of the step holding `atMs` (milliseconds since the epoch). */
export function totpCode(secret: string, atMs = Date.now()): string {
  const key = base32Decode(secret);
  if (!key) throw new Error('TOTP secret is not base32');
  return hotp(key, Math.floor(atMs / 1000 / TOTP_PERIOD));
}

/** True when `code` is the code of the current step or of one step before or after it. */
export function verifyTotp(secret: string, code: string, atMs = Date.now()): boolean {
  if (!/^\d{6}$/.test(code)) return false;
  const key = base32Decode(secret);
  if (!key) return false;
  const step = Math.floor(atMs / 1000 / TOTP_PERIOD);
  let ok = false;
  for (let d = -TOTP_SKEW; d <= TOTP_SKEW; d++) {
    // Compare every candidate (no early exit) in constant time.
    const want = Buffer.from(hotp(key, step + d));
    if (crypto.timingSafeEqual(want, Buffer.from(code))) ok = true;
  }
  return ok;
}

/** The otpauth:// URI authenticator apps read from the QR code (Google Authenticator's key URI format). */
export function otpauthUri(secret: string, issuer: string, account: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const q = new URLSearchParams({
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    issuer,
    period: String(TOTP_PERIOD),
    secret,
  });
  return `otpauth://totp/${label}?${q.toString()}`;
}
