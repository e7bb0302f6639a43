// Voucher codes: 10 characters of ABCDEFGHJKLMNPQRSTUVWXYZ23456789 (no 0/O, 1/I).
export const CODE_PATTERN = /^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{10}$/;

/** What staff type or a QR code carries → the stored form (upper case, no spaces or dashes). */
export const normaliseCode = (s: string): string => s.toUpperCase().replace(/[\s-]/g, '');

export const isVoucherCode = (s: string): boolean => CODE_PATTERN.test(normaliseCode(s));

/** `/{hotel}?redeem=CODE` opens the partner redemption form (the voucher QR encodes this URL). */
export const REDEEM_QUERY = 'redeem';
