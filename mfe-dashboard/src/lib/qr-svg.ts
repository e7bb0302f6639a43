// A VietQR payment code (an invoice's `vietqr` payload) as an SVG string, for the screen and the print copy.
import { useEffect, useState } from 'react';
import QRCode from 'qrcode';

/** `dark` set: that colour on white (the partner portal's); unset: the library's black on white. */
export const qrSvg = (payload: string, dark?: string) =>
  QRCode.toString(payload, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 1,
    ...(dark ? { color: { dark, light: '#ffffff' } } : {}),
  });

/** The SVGs of the invoices that carry a payload (only the unpaid ones with `onlyOpen`), by invoice id. */
export function useQrSvgs(
  invoices: readonly { id: string; vietqr: string | null; status: string }[] | undefined,
  onlyOpen: boolean,
  dark?: string,
): Record<string, string> {
  const [qr, setQr] = useState<Record<string, string>>({});
  useEffect(() => {
    let live = true;
    const withQr = invoices?.filter((i) => i.vietqr && (!onlyOpen || i.status !== 'paid')) ?? [];
    void Promise.all(withQr.map(async (i) => [i.id, await qrSvg(i.vietqr!, dark)] as const)).then(
      (all) => live && setQr(Object.fromEntries(all)),
    );
    return () => {
      live = false;
    };
  }, [invoices, onlyOpen, dark]);
  return qr;
}
