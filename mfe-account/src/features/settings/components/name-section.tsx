// /user/settings: the display name.
import { useEffect, useId, useState } from 'react';
import { Button, Flex, Form, Input } from 'antd';
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import { useBusy } from '../../../lib/hooks/use-busy.ts';
import { validateDisplayName, type ValidationKey } from '../../../lib/utils/validation.ts';
import { useProfileSave } from '../hooks/use-profile-save.ts';
import { ProfileSaveChecking } from './profile-save-checking.tsx';
import { Section } from './section.tsx';

export function NameSection() {
  const { t } = useTranslation('account');
  const { user, profile, toast, refreshProfile } = usePlatform();
  const profileSave = useProfileSave();
  const { busy, run } = useBusy('name');
  const id = useId();
  const [name, setName] = useState(profile?.displayName ?? '');
  const [dirty, setDirty] = useState(false);
  const [error, setError] = useState<ValidationKey | null>(null);
  useEffect(() => {
    if (!dirty) setName(profile?.displayName ?? '');
  }, [profile?.displayName, dirty]);
  const save = () => {
    const v = validateDisplayName(name);
    setError(v);
    if (v || !user) return;
    void run('save', async () => {
      const saved = await profileSave.save({ display_name: name.trim() });
      if (saved === null) return;
      if (!saved) return toast.error(t('user.name.error'));
      setDirty(false);
      toast.success(t('user.name.success'));
      // The shell's copy follows in the background: the button is free once the name is saved (held until the
      // re-read, a second save clicked meanwhile did nothing).
      void refreshProfile().catch(() => undefined);
    });
  };
  return (
    <Section title={t('user.name.title')}>
      <Form layout="vertical" onFinish={save} requiredMark={false} noValidate>
        <Flex gap={8} align="start" wrap>
          <Form.Item
            label={t('user.name.label')}
            htmlFor={id}
            validateStatus={error ? 'error' : undefined}
            help={error ? t(error) : undefined}
            style={{ flex: '1 1 240px', marginBottom: 0 }}
          >
            <Input
              id={id}
              value={name}
              maxLength={80}
              autoComplete="nickname"
              aria-invalid={error ? true : undefined}
              onChange={(e) => {
                setName(e.target.value);
                setDirty(true);
                setError(null);
              }}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy !== null} style={{ marginTop: 30 }}>
            {t('user.name.save')}
          </Button>
        </Flex>
      </Form>
      <ProfileSaveChecking checking={profileSave.checking} />
    </Section>
  );
}
