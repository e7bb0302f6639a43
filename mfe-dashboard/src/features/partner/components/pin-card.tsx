// The redemption PIN, typed twice (6–12 digits), and every change of it: who, as what, when (issue 41: once
// the partner has staff only they change it; a change by anyone is listed here and mailed to the staff).
import { useId, useState } from 'react';
import { Button, Flex, Input, Typography } from 'antd';
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import { useDb, errorKey } from '../../../lib/use-db.ts';
import type { MyPartner } from '../api/my-partners.ts';
import { partnerApi } from '../hooks/partner-data.ts';
import { setPin } from '../api/set-partner-pin.ts';
import { isPin } from '../utils/portal-logic.ts';
import { PortalCard, TAP } from './portal-card.tsx';

export function PinCard({ partner }: { partner: MyPartner }) {
  const { t } = useTranslation('dashboard');
  const { toast, locale } = usePlatform();
  const db = useDb();
  const pinLog = partnerApi.useDashboardPinChangesQuery(partner.activity_id);
  // None listed when they cannot be read.
  const changes = pinLog.currentData ?? (pinLog.isError ? [] : null);
  const { refetch: loadChanges } = pinLog;
  const when = (ts: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ts));
  const [pin, setPinValue] = useState('');
  const [again, setAgain] = useState('');
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const pinId = useId();
  const againId = useId();
  const problem = !isPin(pin) ? 'format' : pin !== again ? 'mismatch' : null;
  const save = async () => {
    setTried(true);
    if (problem) return;
    setSaving(true);
    try {
      await setPin(db, partner.activity_id, pin);
      toast.success(t('partnerPortal.pinSaved'));
      setPinValue('');
      setAgain('');
      setTried(false);
      void loadChanges();
    } catch (e) {
      toast.error(t(errorKey(e)));
    } finally {
      setSaving(false);
    }
  };
  return (
    <PortalCard title={t('partnerPortal.pinTitle')} testId="portal-pin">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('partnerPortal.pinExplain')}
      </Typography.Paragraph>
      <form onSubmit={(e) => (e.preventDefault(), void save())}>
        <Flex vertical gap={8}>
          <label htmlFor={pinId}>{t('partnerPortal.pinNew')}</label>
          <Input.Password
            id={pinId}
            size="large"
            inputMode="numeric"
            autoComplete="new-password"
            maxLength={12}
            value={pin}
            onChange={(e) => setPinValue(e.target.value.replace(/\D/g, ''))}
            status={tried && problem === 'format' ? 'error' : undefined}
          />
          <label htmlFor={againId}>{t('partnerPortal.pinAgain')}</label>
          <Input.Password
            id={againId}
            size="large"
            inputMode="numeric"
            autoComplete="new-password"
            maxLength={12}
            value={again}
            onChange={(e) => setAgain(e.target.value.replace(/\D/g, ''))}
            status={tried && problem === 'mismatch' ? 'error' : undefined}
          />
          {tried && problem && (
            <Typography.Text type="danger" role="alert">
              {t(`partnerPortal.pinErrors.${problem}`)}
            </Typography.Text>
          )}
          <Button type="primary" htmlType="submit" size="large" block loading={saving} style={TAP}>
            {t('partnerPortal.pinSave')}
          </Button>
        </Flex>
      </form>
      {changes && changes.length > 0 && (
        <section aria-labelledby={`${pinId}-history`} style={{ marginTop: 16 }}>
          <Typography.Text strong id={`${pinId}-history`}>
            {t('partnerPortal.pinHistory')}
          </Typography.Text>
          <ul data-testid="portal-pin-changes" style={{ margin: '4px 0', paddingInlineStart: 20 }}>
            {changes.map((c) => (
              <li key={`${c.changed_at}-${c.changed_as}`}>
                {c.changed_as === 'platform' || !c.changed_by
                  ? t('partnerPortal.pinChangePlatform', { when: when(c.changed_at) })
                  : t('partnerPortal.pinChange', {
                      when: when(c.changed_at),
                      who: c.changed_by,
                      as: t(`partnerPortal.pinAs.${c.changed_as}`),
                    })}
              </li>
            ))}
          </ul>
          <Typography.Text type="secondary">{t('partnerPortal.pinHistoryHint')}</Typography.Text>
        </section>
      )}
    </PortalCard>
  );
}
