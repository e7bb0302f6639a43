// "Period: last 7 / 30 / 90 days": the overview's choice, also the staff figures' (whole UTC days up to today).
import { Segmented, Typography } from 'antd';
import { useTranslation } from '@guestmap/shared-ui/contracts';

export const PERIOD_DAYS = [7, 30, 90] as const;

export function PeriodPicker({ days, onChange }: { days: number; onChange: (days: number) => void }) {
  const { t } = useTranslation('dashboard');
  return (
    <>
      <Typography.Text strong>{t('overview.period')}</Typography.Text>
      <Segmented
        aria-label={t('overview.period')}
        value={days}
        onChange={(v) => onChange(Number(v))}
        options={PERIOD_DAYS.map((d) => ({ value: d, label: t('overview.lastDays', { count: d }) }))}
      />
    </>
  );
}
