// After a CSV import: missing columns, or how many lines were saved and why the others were not.
import { Alert, Modal, Typography } from 'antd';
import { useTranslation } from '@guestmap/shared-ui/contracts';
import type { ImportReport } from '../hooks/use-csv-import.ts';
import { CSV_COLUMNS } from '../utils/csv.ts';

export function ImportReportDialog({ report, onClose }: { report: ImportReport | null; onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  return (
    <Modal
      open={report !== null}
      onCancel={onClose}
      onOk={onClose}
      title={t('csv.report')}
      cancelButtonProps={{ style: { display: 'none' } }}
    >
      {report?.headerErrors.map((e) => (
        <Alert
          key={e}
          type="error"
          title={t('csv.missingColumn', { column: e.split(':')[1] })}
          style={{ marginBottom: 8 }}
        />
      ))}
      {report && report.headerErrors.length === 0 && (
        <>
          <Typography.Paragraph>
            {t('csv.summary', {
              ok: report.rows.filter((r) => r.errors.length === 0).length,
              failed: report.rows.filter((r) => r.errors.length > 0).length,
            })}
          </Typography.Paragraph>
          <ul aria-label={t('csv.report')}>
            {report.rows
              .filter((r) => r.errors.length)
              .map((r) => (
                <li key={r.line}>
                  {t('csv.line', { line: r.line })}:{' '}
                  {r.errors.map((e) => t(`csv.${e}`, { defaultValue: t('errors.unexpected') })).join(', ')}
                </li>
              ))}
          </ul>
        </>
      )}
      <Typography.Text type="secondary">{t('csv.columns', { columns: CSV_COLUMNS.join(', ') })}</Typography.Text>
    </Modal>
  );
}
