// Every CSV the dashboard writes (statements, invoices, payouts, platform fees, partner items, recommendations)
// and the one it reads (the recommendations import): papaparse, loaded with the download or the import, never
// with the dashboard's first screen. Files for accountants are data, not formulas (docs/dashboard.md, "CSV files").

/** The rows of a file, header first; every cell already text. */
export type CsvRows = readonly (readonly string[])[];

/**
 * Cells a spreadsheet would run as a formula: those beginning with `=`, `+`, `-`, `@`, tab or carriage return
 * (OWASP, CSV injection), whatever follows (line breaks included), except a plain decimal number ("-12.50",
 * "-33.8688"), which is data a spreadsheet must read as a number. Cells that already begin with apostrophes before
 * such a character get one more, so that reading a file back removes exactly the one writing added.
 *
 * papaparse's own `escapeFormulae: true` is not used: its pattern (`/^[=+\-@\t\r].*$/`) misses a formula followed
 * by a line break and would turn every negative amount into text.
 */
export const FORMULA = /^(?!-?\d+(?:\.\d+)?$)'*[=+\-@\t\r]/;

/** A cell as written: with the apostrophe OWASP recommends when the cell is a formula. */
export const neutralised = (cell: string): string => (FORMULA.test(cell) ? `'${cell}` : cell);

/** A cell as read: one apostrophe fewer when writing (ours, or a spreadsheet's) added it before a formula character. */
export const restored = (cell: string): string => (/^'+[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

const papa = async () => (await import('papaparse')).default;

/** RFC 4180 (quoted when needed, CRLF after every line), formulas neutralised. */
export async function csvText(rows: CsvRows): Promise<string> {
  const { unparse } = await papa();
  return unparse(rows as string[][], { newline: '\r\n', escapeFormulae: FORMULA }) + '\r\n';
}

/** The rows of a file (comma-separated, any line ending, a byte order mark ignored), without blank lines. */
export async function readCsv(text: string): Promise<string[][]> {
  const { parse } = await papa();
  const { data } = parse<string[]>(text, { delimiter: ',', skipEmptyLines: 'greedy' });
  return data.map((row) => row.map(restored));
}
