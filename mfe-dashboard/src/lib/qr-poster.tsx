// A printable QR poster with the hotel's branding for one address (the map's, a room's, a staff member's link);
// downloadable as PNG, SVG and PDF. Used by the QR tab and by the staff links (features/qr, features/staff).
import { useEffect, useState, type ReactNode } from 'react';
import { Button, Card, Space, Typography } from 'antd';
import QRCode from 'qrcode';
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import type { Tables } from '@guestmap/shared-ui/database';
import { downloadBlob } from './download.ts';

type Customer = Tables<'customers'>;

export interface QrPosterProps {
  customer: Customer;
  /** The address the code opens. */
  target: string;
  /** A line under the text (a room, a staff member's name). */
  note?: string;
  /** The downloaded files' name, without extension. */
  fileBase: string;
  /** The test id of the shown address. */
  targetTestId?: string;
  title?: string;
  /** Fields beside the poster (the room number). */
  children?: ReactNode;
}

export function QrPosterCard({
  customer,
  target,
  note,
  fileBase: base,
  targetTestId = 'qr-target',
  title,
  children,
}: QrPosterProps) {
  const { t } = useTranslation('dashboard');
  const { toast } = usePlatform();
  const [svg, setSvg] = useState('');
  const colour = customer.primary_color ?? '#17201b';

  useEffect(() => {
    let live = true;
    QRCode.toString(target, {
      type: 'svg',
      errorCorrectionLevel: 'M',
      margin: 1,
      color: { dark: '#111111', light: '#ffffff' },
    }).then((s) => live && setSvg(s));
    return () => {
      live = false;
    };
  }, [target]);

  // Drawn on a canvas and encoded by the browser: no fetch of a data: URL, which the production
  // Content-Security-Policy (connect-src) rightly blocks.
  const png = async () => {
    try {
      const canvas = document.createElement('canvas');
      await QRCode.toCanvas(canvas, target, { width: 1024, margin: 2, errorCorrectionLevel: 'M' });
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
      if (!blob) throw new Error('canvas gave no PNG');
      downloadBlob(`${base}.png`, blob);
    } catch {
      toast.error(t('errors.unexpected'));
    }
  };
  const pdf = async () => {
    try {
      const { jsPDF } = await import('jspdf');
      const doc = new jsPDF({ unit: 'mm', format: 'a4' });
      doc.setFillColor(colour);
      doc.rect(0, 0, 210, 40, 'F');
      doc.setTextColor('#ffffff');
      doc.setFontSize(26);
      doc.text(customer.name, 105, 25, { align: 'center' });
      doc.setTextColor('#111111');
      doc.setFontSize(18);
      doc.text(t('qr.scanTitle'), 105, 62, { align: 'center' });
      const img = await QRCode.toDataURL(target, { width: 1024, margin: 1, errorCorrectionLevel: 'M' });
      doc.addImage(img, 'PNG', 45, 75, 120, 120);
      doc.setFontSize(12);
      doc.text(t('qr.scanBody'), 105, 210, { align: 'center', maxWidth: 170 });
      if (note) doc.text(note, 105, 225, { align: 'center' });
      doc.setFontSize(9);
      doc.text(target, 105, 285, { align: 'center' });
      downloadBlob(`${base}.pdf`, doc.output('blob'));
    } catch {
      toast.error(t('errors.unexpected'));
    }
  };

  return (
    <Card title={title ?? t('qr.title')}>
      <Space wrap align="start" size={24}>
        <div
          style={{
            width: 300,
            border: '1px solid #dfe5e1',
            borderRadius: 12,
            overflow: 'hidden',
            background: '#fff',
            color: '#111',
          }}
        >
          <div
            style={{
              background: colour,
              color: '#fff',
              padding: '16px 12px',
              textAlign: 'center',
              fontWeight: 700,
              fontSize: 20,
            }}
          >
            {customer.logo_url && (
              <img src={customer.logo_url} alt="" style={{ maxHeight: 40, display: 'block', margin: '0 auto 6px' }} />
            )}
            {customer.name}
          </div>
          <div style={{ padding: 16, textAlign: 'center' }}>
            <div style={{ fontWeight: 600, marginBottom: 8 }}>{t('qr.scanTitle')}</div>
            <div
              role="img"
              aria-label={t('qr.codeFor', { url: target })}
              style={{ width: 220, margin: '0 auto' }}
              dangerouslySetInnerHTML={{ __html: svg }}
            />
            <div style={{ fontSize: 13, marginTop: 8 }}>{t('qr.scanBody')}</div>
            {note && <div style={{ marginTop: 6, fontWeight: 600 }}>{note}</div>}
          </div>
        </div>
        <Space direction="vertical">
          {children}
          <Typography.Text copyable={{ text: target }} data-testid={targetTestId}>
            {target}
          </Typography.Text>
          <Space wrap>
            <Button onClick={() => void png()}>{t('qr.png')}</Button>
            <Button
              onClick={() => downloadBlob(`${base}.svg`, new Blob([svg], { type: 'image/svg+xml' }))}
              disabled={!svg}
            >
              {t('qr.svg')}
            </Button>
            <Button onClick={() => void pdf()}>{t('qr.pdf')}</Button>
            <Button onClick={() => window.print()}>{t('qr.print')}</Button>
          </Space>
        </Space>
      </Space>
    </Card>
  );
}
