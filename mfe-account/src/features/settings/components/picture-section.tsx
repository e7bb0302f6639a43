// /user/settings: the user's picture (resized to a square in the browser, then uploaded).
import { useEffect, useId, useState } from 'react';
import { Avatar, Button, Flex, Typography } from 'antd';
import { useTranslation, usePlatform, useSupabase } from '@guestmap/shared-ui/contracts';
import { useBusy } from '../../../lib/hooks/use-busy.ts';
import { resizeToSquare } from '../utils/image-resize.ts';
import { removeOldAvatars } from '../api/upload-avatar.ts';
import { uploadAvatar } from '../api/upload-avatar.ts';
import { useProfileSave } from '../hooks/use-profile-save.ts';
import { ProfileSaveChecking } from './profile-save-checking.tsx';
import { Section } from './section.tsx';
import { initials } from './section.tsx';

export function PictureSection() {
  const { t } = useTranslation('account');
  const { user, profile, toast, refreshProfile } = usePlatform();
  const supabase = useSupabase();
  const profileSave = useProfileSave();
  const { busy, run } = useBusy('avatar');
  const inputId = useId();
  const [url, setUrl] = useState<string | null>(profile?.profilePictureUrl ?? null);
  useEffect(() => setUrl(profile?.profilePictureUrl ?? null), [profile?.profilePictureUrl]);
  const onFile = (file: File | undefined) => {
    if (!file || !user) return;
    void run('upload', async () => {
      let image: Blob;
      try {
        image = await resizeToSquare(file);
      } catch {
        toast.error(t('user.picture.notImage'));
        return;
      }
      try {
        const publicUrl = await uploadAvatar(supabase, user.id, image);
        const saved = await profileSave.save({ profile_picture_url: publicUrl });
        if (saved === null) return;
        if (!saved) throw new Error('the profile was not updated');
        setUrl(publicUrl);
        await refreshProfile();
        toast.success(t('user.picture.success'));
        void removeOldAvatars(supabase, user.id, publicUrl).catch(() => undefined);
      } catch (e) {
        console.warn('[account] avatar upload failed', e);
        toast.error(t('user.picture.error'));
      }
    });
  };
  return (
    <Section title={t('user.picture.title')}>
      <Flex gap={16} align="center" wrap>
        <Avatar size={96} src={url ?? undefined} alt={t('user.picture.alt')} style={{ flex: 'none', fontSize: 36 }}>
          {initials(profile?.displayName, user?.email)}
        </Avatar>
        <div>
          <input
            id={inputId}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            aria-label={t('user.picture.change')}
            tabIndex={-1}
            hidden
            disabled={busy !== null}
            onChange={(e) => {
              onFile(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <Button
            loading={busy !== null}
            onClick={() => (document.getElementById(inputId) as HTMLInputElement | null)?.click()}
          >
            {t('user.picture.change')}
          </Button>
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
            {t('user.picture.hint')}
          </Typography.Paragraph>
        </div>
      </Flex>
      <ProfileSaveChecking checking={profileSave.checking} />
    </Section>
  );
}
