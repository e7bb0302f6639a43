// Above the list: the allowance used, Add, Export CSV, Import CSV, and a warning once the allowance is reached.
import { Alert, Button, Space, Typography, Upload } from 'antd';
import { useTranslation } from '@guestmap/shared-ui/contracts';
import { useCsvDownload } from '../../../lib/download.ts';
import type { Activity } from '../api/list-activities.ts';
import { activityToCsvRow, recommendationRows } from '../utils/csv.ts';

export function RecommendationsToolbar({
  customerId,
  rows,
  published,
  limit,
  importing,
  onAdd,
  onImport,
}: {
  customerId: string;
  rows: Activity[];
  published: number;
  limit: number | null;
  importing: boolean;
  onAdd: () => void;
  onImport: (file: File) => void;
}) {
  const { t } = useTranslation('dashboard');
  const download = useCsvDownload();
  const exportCsv = () => download(`${customerId}-recommendations.csv`, recommendationRows(rows.map(activityToCsvRow)));
  return (
    <>
      <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <Typography.Text strong data-testid="allowance">
          {limit === null
            ? t('recs.allowanceUnlimited', { used: published })
            : t('recs.allowance', { used: published, limit })}
        </Typography.Text>
        <Space wrap>
          <Button type="primary" onClick={onAdd}>
            {t('recs.add')}
          </Button>
          <Button onClick={exportCsv}>{t('recs.export')}</Button>
          <Upload accept=".csv,text/csv" showUploadList={false} beforeUpload={(f) => (onImport(f), false)}>
            <Button loading={importing}>{t('recs.import')}</Button>
          </Upload>
        </Space>
      </Space>
      {limit !== null && published >= limit && (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('recs.limitReached', { limit })} />
      )}
    </>
  );
}
