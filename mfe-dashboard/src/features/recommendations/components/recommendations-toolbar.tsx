// Above the list: the allowance used, Add, Export CSV, Import CSV, and a warning once the allowance is reached.
// Export and Import wait for the list: exported before it has loaded, the file held the header alone (a
// manager on a slow link saved an empty file; the downloads test caught it on a quick machine).
import { Alert, Button, Space, Typography, Upload } from 'antd';
import { useTranslation } from '@guestmap/shared-ui/contracts';
import { useCsvDownload } from '../../../lib/download.ts';
import type { Activity } from '../api/list-activities.ts';
import { activityToCsvRow, recommendationRows } from '../utils/csv.ts';

export function RecommendationsToolbar({
  customerId,
  rows,
  loading,
  published,
  limit,
  importing,
  onAdd,
  onImport,
}: {
  customerId: string;
  rows: Activity[];
  /** The list is still being read: nothing to export or to compare an import with yet. */
  loading: boolean;
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
          <Button onClick={exportCsv} disabled={loading}>
            {t('recs.export')}
          </Button>
          <Upload
            accept=".csv,text/csv"
            showUploadList={false}
            disabled={loading}
            beforeUpload={(f) => (onImport(f), false)}
          >
            <Button loading={importing} disabled={loading}>
              {t('recs.import')}
            </Button>
          </Upload>
        </Space>
      </Space>
      {limit !== null && published >= limit && (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('recs.limitReached', { limit })} />
      )}
    </>
  );
}
