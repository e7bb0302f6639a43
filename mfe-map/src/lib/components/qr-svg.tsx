// A QR code as SVG, drawn from the module matrix (no HTML strings, nothing fetched: the production CSP holds). Loaded
// on demand, as it brings the qrcode package: a voucher's code (rewards), a link to share (lib/share, for WeChat).
import { useMemo } from 'react';
import QRCode from 'qrcode';

export default function QrSvg({ value, label, className }: { value: string; label: string; className: string }) {
  const { size, d } = useMemo(() => {
    const m = QRCode.create(value, { errorCorrectionLevel: 'M' }).modules;
    let path = '';
    for (let y = 0; y < m.size; y++)
      for (let x = 0; x < m.size; x++) if (m.get(y, x)) path += `M${x + 4} ${y + 4}h1v1h-1z`;
    return { size: m.size + 8, d: path };
  }, [value]);
  return (
    <svg
      className={className}
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
