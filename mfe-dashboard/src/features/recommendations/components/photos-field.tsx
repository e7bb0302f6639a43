// A recommendation's photos (a controlled antd form field): upload to the `photos` bucket, see and
// remove. The URLs are saved with the recommendation (activities.photos).
import { useState } from 'react';
import { Button, Space, Typography, Upload } from 'antd';
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import { useCustomerId, useDb } from '../../../lib/use-db.ts';
import { IMAGE_ACCEPT } from '../../../lib/images.ts';
import { uploadImage } from '../../../lib/api/upload-image.ts';

export const MAX_PHOTOS = 10;

export function PhotosField({
  value = [],
  onChange,
  name,
}: {
  value?: string[];
  onChange?: (v: string[]) => void;
  name: string;
}) {
  const { t } = useTranslation('dashboard');
  const { toast } = usePlatform();
  const db = useDb();
  const customerId = useCustomerId();
  const [busy, setBusy] = useState(false);

  const add = async (file: File) => {
    if (value.length >= MAX_PHOTOS) return toast.error(t('recs.photosMax', { max: MAX_PHOTOS }));
    setBusy(true);
    const res = await uploadImage(db, 'photos', customerId, `activities/${name || 'photo'}`, file);
    setBusy(false);
    if ('error' in res) return toast.error(t(res.error));
    onChange?.([...value, res.url]);
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        {value.map((url, i) => (
          <figure key={url} style={{ margin: 0, position: 'relative' }}>
            <img
              src={url}
              alt={t('recs.photoN', { n: i + 1 })}
              width={96}
              height={72}
              style={{ objectFit: 'cover', borderRadius: 6, background: '#e8ece9', display: 'block' }}
            />
            <Button
              size="small"
              danger
              aria-label={t('recs.removePhoto', { n: i + 1 })}
              style={{ position: 'absolute', top: 2, right: 2 }}
              onClick={() => onChange?.(value.filter((u) => u !== url))}
            >
              ×
            </Button>
          </figure>
        ))}
      </Space>
      <Upload
        accept={IMAGE_ACCEPT}
        showUploadList={false}
        beforeUpload={(f) => (void add(f), false)}
        disabled={busy || value.length >= MAX_PHOTOS}
      >
        <Button loading={busy} disabled={value.length >= MAX_PHOTOS}>
          {t('recs.addPhoto')}
        </Button>
      </Upload>
      <Typography.Text type="secondary">{t('settings.imageHint')}</Typography.Text>
    </Space>
  );
}
