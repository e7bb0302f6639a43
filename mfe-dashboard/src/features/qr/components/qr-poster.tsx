// The map's QR poster (optionally per room), linking to the map with src=qr (lib/qr-poster.tsx draws it).
import { useState } from 'react';
import { Input } from 'antd';
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import type { Tables } from '@guestmap/shared-ui/database';
import { QrPosterCard } from '../../../lib/qr-poster.tsx';

export function qrTarget(origin: string, mapPath: string, room: string): string {
  const url = new URL(mapPath, origin);
  url.searchParams.set('src', 'qr');
  if (room.trim()) url.searchParams.set('room', room.trim().slice(0, 20));
  return url.toString();
}

export function QrPoster({ customer }: { customer: Tables<'customers'> }) {
  const { t } = useTranslation('dashboard');
  const { hrefFor } = usePlatform();
  const [room, setRoom] = useState('');
  const target = qrTarget(window.location.origin, hrefFor('Map', { customerId: customer.id }), room);
  const base = `${customer.id}${room.trim() ? `-room-${room.trim().replace(/[^a-z0-9]+/gi, '-')}` : ''}-qr`;
  return (
    <QrPosterCard
      customer={customer}
      target={target}
      fileBase={base}
      note={room.trim() ? t('qr.room', { room: room.trim() }) : undefined}
    >
      <label>
        {t('qr.roomLabel')}
        <Input
          value={room}
          maxLength={20}
          onChange={(e) => setRoom(e.target.value)}
          placeholder="204"
          aria-label={t('qr.roomLabel')}
          style={{ marginTop: 4 }}
        />
      </label>
    </QrPosterCard>
  );
}
