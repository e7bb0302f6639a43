// ApiRequest/Payload (PostgREST's PostgREST.ApiRequest.Payload): the body of a write in the media type its
// Content-Type names. JSON as sent; `text/csv` (a header line of column names, then one line per row;
// RFC 4180 quoting; the unquoted or quoted text NULL is null; every other value a string) and
// `application/x-www-form-urlencoded` (one row of strings) become the JSON rows PostgREST makes of them.
import { badBody } from '../errors.ts';

/** The body's media type for a write on a table: JSON unless it says CSV or a form. */
export function payloadKind(contentType: string | undefined): 'json' | 'csv' | 'form' {
  const mt = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (mt === 'text/csv') return 'csv';
  if (mt === 'application/x-www-form-urlencoded') return 'form';
  return 'json';
}

/** CSV records (RFC 4180: `"` quotes, `""` inside quotes, CRLF or LF between records). */
function csvRecords(text: string): string[][] {
  const out: string[][] = [];
  let rec: string[] = [];
  let field = '';
  let i = 0;
  let quotedField = false;
  const endField = () => {
    rec.push(field);
    field = '';
    quotedField = false;
  };
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '"' && field === '' && !quotedField) {
      quotedField = true;
      i++;
      for (;;) {
        if (i >= text.length) throw badBody('parse error (unexpected end of input in a quoted field)');
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        field += text[i++];
      }
      continue;
    }
    if (ch === ',') {
      endField();
      i++;
    } else if (ch === '\n' || ch === '\r') {
      endField();
      out.push(rec);
      rec = [];
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else {
      field += ch;
      i++;
    }
  }
  if (field !== '' || quotedField || rec.length) {
    endField();
    out.push(rec);
  }
  return out;
}

/** PostgREST's csvToJson: rows of the header's keys; `NULL` → null, everything else a string. */
export function csvToRows(buf: Buffer): Record<string, string | null>[] {
  const text = buf.toString('utf8');
  if (text.includes('\u0000')) throw badBody();
  const recs = csvRecords(text);
  const header = recs.shift();
  if (!header) throw badBody('parse error (no header line)');
  return recs.map((r) => {
    if (r.length !== header.length) throw badBody('All lines must have same number of fields');
    return Object.fromEntries(header.map((h, i) => [h, r[i] === 'NULL' ? null : r[i]!]));
  });
}

/** A form's fields as one row of strings (a repeated name keeps its last value). */
export function formToRow(buf: Buffer): Record<string, string> {
  const text = buf.toString('utf8');
  if (text.includes('\u0000')) throw badBody();
  return Object.fromEntries(new URLSearchParams(text));
}
