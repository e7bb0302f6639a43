// Files the dashboard hands to the user (CSV exports, posters): one way to download.
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import { csvText, type CsvRows } from './csv.ts';

export function downloadBlob(name: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A CSV file (lib/csv.ts: papaparse loaded now, formulas neutralised). */
export async function downloadCsv(name: string, rows: CsvRows) {
  downloadBlob(name, new Blob([await csvText(rows)], { type: 'text/csv;charset=utf-8' }));
}

/** `downloadCsv` for a button: if the writer cannot be loaded (the network is gone), the user is told so. */
export function useCsvDownload() {
  const { t } = useTranslation('dashboard');
  const { toast } = usePlatform();
  return (name: string, rows: CsvRows) => {
    downloadCsv(name, rows).catch(() => toast.error(t('errors.network')));
  };
}
