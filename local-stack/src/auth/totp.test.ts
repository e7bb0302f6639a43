// RFC 6238 appendix B's SHA-1 vectors (the 6 low digits of its 8-digit codes), base32 round trips, skew.
import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, newTotpSecret, otpauthUri, totpCode, verifyTotp } from './totp.ts';

const rfcSecret = base32Encode(Buffer.from('12345678901234567890', 'ascii'));

describe('totp', () => {
  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1111111111, '050471'],
    [1234567890, '005924'],
    [2000000000, '279037'],
    [20000000000, '353130'],
  ])('RFC 6238 vector at %i s is %s', (t, code) => {
    expect(totpCode(rfcSecret, t * 1000)).toBe(code);
    expect(verifyTotp(rfcSecret, code, t * 1000)).toBe(true);
  });

  it('accepts one step either way and refuses two', () => {
    const s = newTotpSecret();
    const now = 1_800_000_015_000;
    expect(verifyTotp(s, totpCode(s, now - 30_000), now)).toBe(true);
    expect(verifyTotp(s, totpCode(s, now + 30_000), now)).toBe(true);
    expect(verifyTotp(s, totpCode(s, now - 60_000), now)).toBe(false);
    expect(verifyTotp(s, totpCode(s, now + 60_000), now)).toBe(false);
    expect(verifyTotp(s, '12345', now)).toBe(false);
    expect(verifyTotp(s, 'abcdef', now)).toBe(false);
  });

  it('round-trips base32 and writes the key URI apps read', () => {
    const s = newTotpSecret();
    expect(s).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Encode(base32Decode(s)!)).toBe(s);
    expect(base32Decode('JBSWY3DPEHPK3PXP')!.toString('hex')).toBe('48656c6c6f21deadbeef');
    expect(base32Decode('not base32!')).toBeNull();
    expect(otpauthUri(s, 'Guestmap', 'a@b.co')).toBe(
      `otpauth://totp/Guestmap:a%40b.co?algorithm=SHA1&digits=6&issuer=Guestmap&period=30&secret=${s}`,
    );
  });
});
