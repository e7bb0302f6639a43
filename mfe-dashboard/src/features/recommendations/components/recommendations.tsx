// The recommendations manager: list, search, filter, sort, publish within the package allowance, create and
// edit, reorder, CSV import (with a per-row report) and export. Composed here from the hooks and components
// of this feature; each does one of those jobs.
import { useTranslation } from '@guestmap/shared-ui/contracts';
import type { Tables } from '@guestmap/shared-ui/database';
import { useCustomerId } from '../../../lib/use-db.ts';
import { useRecommendations } from '../hooks/use-recommendations.ts';
import { useExplain } from '../hooks/use-explain.ts';
import { useRecommendationFilters } from '../hooks/use-recommendation-filters.ts';
import { usePublish } from '../hooks/use-publish.ts';
import { useReorder } from '../hooks/use-reorder.ts';
import { useRecommendationEditor } from '../hooks/use-recommendation-editor.ts';
import { useCsvImport } from '../hooks/use-csv-import.ts';
import { allowance } from '../utils/allowance.ts';
import { RecommendationsToolbar } from './recommendations-toolbar.tsx';
import { RecommendationsFilters } from './recommendations-filters.tsx';
import { RecommendationsTable } from './recommendations-table.tsx';
import { RecommendationEditor } from './recommendation-editor.tsx';
import { ImportReportDialog } from './import-report-dialog.tsx';

export function Recommendations({ customer }: { customer: Tables<'customers'> | null }) {
  const { t } = useTranslation('dashboard');
  const customerId = useCustomerId();
  const { rows, setRows, loading, reload } = useRecommendations(customerId);
  const published = rows.filter((r) => r.published).length;
  const { limit } = allowance(customer, published);
  const explain = useExplain(limit);
  const { visible, filters } = useRecommendationFilters(rows);
  const { busyId, setPublished } = usePublish(setRows, explain);
  const move = useReorder(rows, setRows, reload, explain);
  const editor = useRecommendationEditor(customer, customerId, rows.length, reload, explain);
  const csv = useCsvImport(customerId, rows, reload);

  return (
    <section aria-label={t('recs.title')}>
      <RecommendationsToolbar
        customerId={customerId}
        rows={rows}
        loading={loading}
        published={published}
        limit={limit}
        importing={csv.importing}
        onAdd={() => editor.open('new')}
        onImport={(f) => void csv.importCsv(f)}
      />
      <RecommendationsFilters filters={filters} />
      <RecommendationsTable
        rows={visible}
        loading={loading}
        busyId={busyId}
        onOpen={editor.open}
        onMove={(r, dir) => void move(r, dir)}
        onPublish={(r, on) => void setPublished(r, on)}
      />
      <RecommendationEditor customer={customer} editor={editor} />
      <ImportReportDialog report={csv.report} onClose={csv.closeReport} />
    </section>
  );
}
