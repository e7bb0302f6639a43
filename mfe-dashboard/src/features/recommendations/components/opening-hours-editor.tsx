// The weekly opening-hours editor of a recommendation (a controlled antd form field).
import { useTranslation } from '@guestmap/shared-ui/contracts';
import { Button, Checkbox, Input, Select, Space, Typography } from 'antd';
import { DAYS, MAX_RANGES, validate, type Day, type DayHours, type Hours } from '../utils/opening-hours.ts';

export function OpeningHoursEditor({ value, onChange }: { value?: Hours; onChange?: (h: Hours) => void }) {
  const { t } = useTranslation('dashboard');
  if (!value) return null;
  const errors = validate(value);
  const setDay = (d: Day, x: DayHours) => onChange?.({ ...value, days: { ...value.days, [d]: x } });
  const copyMonday = () =>
    onChange?.({
      ...value,
      days: Object.fromEntries(
        DAYS.map((d) => [d, { ...value.days.mon, ranges: value.days.mon.ranges.map((r) => ({ ...r })) }]),
      ) as Hours['days'],
    });

  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0 }} aria-label={t('hours.title')}>
      <Checkbox checked={value.known} onChange={(e) => onChange?.({ ...value, known: e.target.checked })}>
        {t('hours.known')}
      </Checkbox>
      {value.known && (
        <div style={{ display: 'grid', gap: 8, marginTop: 8 }}>
          {DAYS.map((d) => {
            const x = value.days[d];
            const dayErrors = errors.filter((e) => e.day === d);
            return (
              <div
                key={d}
                style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'flex-start' }}
                data-testid={`hours-${d}`}
              >
                <Typography.Text strong style={{ width: 104, paddingTop: 5 }}>
                  {t(`hours.days.${d}`)}
                </Typography.Text>
                <Select
                  aria-label={t('hours.modeOf', { day: t(`hours.days.${d}`) })}
                  value={x.mode}
                  style={{ width: 150 }}
                  onChange={(mode) =>
                    setDay(d, {
                      mode,
                      ranges:
                        mode === 'hours' && x.ranges.length === 0 ? [{ open: '08:00', close: '22:00' }] : x.ranges,
                    })
                  }
                  options={(['hours', 'closed', 'allDay'] as const).map((m) => ({
                    value: m,
                    label: t(`hours.modes.${m}`),
                  }))}
                />
                {x.mode === 'hours' && (
                  <Space direction="vertical" size={4}>
                    {x.ranges.map((r, i) => {
                      const name = { day: t(`hours.days.${d}`), n: i + 1 };
                      const update = (patch: Partial<typeof r>) =>
                        setDay(d, { ...x, ranges: x.ranges.map((y, k) => (k === i ? { ...y, ...patch } : y)) });
                      return (
                        <Space key={i} size={4}>
                          {/* A time input cannot show 24:00: midnight at the end of the day is shown as 00:00, which means the same. */}
                          <Input
                            type="time"
                            aria-label={t('hours.opens', name)}
                            value={r.open}
                            onChange={(e) => update({ open: e.target.value })}
                            style={{ width: 140 }}
                            status={dayErrors.some((e) => e.range === i) ? 'error' : undefined}
                          />
                          <span>–</span>
                          <Input
                            type="time"
                            aria-label={t('hours.closes', name)}
                            value={r.close === '24:00' ? '00:00' : r.close}
                            onChange={(e) => update({ close: e.target.value })}
                            style={{ width: 140 }}
                            status={dayErrors.some((e) => e.range === i) ? 'error' : undefined}
                          />
                          <Button
                            aria-label={t('hours.remove', name)}
                            onClick={() => setDay(d, { ...x, ranges: x.ranges.filter((_, k) => k !== i) })}
                          >
                            ×
                          </Button>
                        </Space>
                      );
                    })}
                    <Button
                      size="small"
                      disabled={x.ranges.length >= MAX_RANGES}
                      onClick={() => setDay(d, { ...x, ranges: [...x.ranges, { open: '18:00', close: '22:00' }] })}
                    >
                      {t('hours.add')}
                    </Button>
                  </Space>
                )}
                {dayErrors.length > 0 && (
                  <Typography.Text type="danger" style={{ flexBasis: '100%', paddingLeft: 112 }} role="alert">
                    {[...new Set(dayErrors.map((e) => t(`hours.errors.${e.code}`, { max: MAX_RANGES })))].join(' ')}
                  </Typography.Text>
                )}
              </div>
            );
          })}
          <div>
            <Button size="small" onClick={copyMonday}>
              {t('hours.copyMonday')}
            </Button>
          </div>
        </div>
      )}
    </fieldset>
  );
}
