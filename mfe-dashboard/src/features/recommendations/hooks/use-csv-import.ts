// CSV import: every line validated first (a per-line report), then each valid line written in turn (new slugs
// at the end of the list, known slugs replaced), the report updated with the database's refusals.
import { useState } from 'react';
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import { readCsv } from '../../../lib/csv.ts';
import { useDb, errorKey } from '../../../lib/use-db.ts';
import type { Activity } from '../api/list-activities.ts';
import { upsertActivityBySlug } from '../api/upsert-activity-by-slug.ts';
import { importedActivity, validateImport, type ImportRow } from '../utils/csv.ts';

export interface ImportReport {
  rows: ImportRow[];
  headerErrors: string[];
}

export function useCsvImport(customerId: string, rows: Activity[], reload: () => Promise<void>) {
  const db = useDb();
  const { t } = useTranslation('dashboard');
  const { toast } = usePlatform();
  const [report, setReport] = useState<ImportReport | null>(null);
  const [importing, setImporting] = useState(false);
  const importCsv = async (file: File) => {
    // The reader is loaded now: without the network, the user is told so and nothing is written.
    const lines = await readCsv(await file.text()).catch(() => null);
    if (!lines) {
      toast.error(t('errors.network'));
      return;
    }
    const result = validateImport(lines);
    const valid = result.rows.filter((r) => r.value);
    // The report says what was imported once it has been: shown before the writes, its "1 imported" was read
    // (by a person and by the translations browser test, in the clean-clone run of 2026-12-03 12:53) while
    // nothing was in the database yet. Until then the Import button shows its spinner.
    if (result.headerErrors.length || valid.length === 0) {
      setReport(result);
      return;
    }
    setReport(null);
    setImporting(true);
    let n = rows.length;
    const outcome: ImportRow[] = [];
    for (const r of result.rows) {
      if (!r.value) {
        outcome.push(r);
        continue;
      }
      n += 1;
      const before = rows.find((x) => x.slug === r.value!.slug);
      const { error } = await upsertActivityBySlug(
        db,
        importedActivity(r.value, before, result.languages, customerId, n * 10),
      );
      outcome.push(error ? { ...r, errors: [errorKey(error).replace('errors.', 'db_')] } : r);
    }
    setImporting(false);
    setReport({ rows: outcome, headerErrors: [] });
    void reload();
  };
  return { report, closeReport: () => setReport(null), importing, importCsv };
}
