import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvText, readCsv } from './csv.ts';

/** The cells of a one-line file as written, split by hand (no cell here holds a comma or a quote besides the start). */
const written = async (cells: string[]) => (await csvText([cells])).replace(/\r\n$/, '');

describe('CSV files: data, not formulas', () => {
  it('neutralises a cell beginning with =, +, -, @, tab or carriage return: one apostrophe first, quoted', async () => {
    const hostile = ['=HYPERLINK("http://x","y")', '+1+1', '@SUM(A1)', '-2+3', '\t=1+1', '\r=1+1'];
    const text = await written(hostile);
    expect(text).toBe(
      [`"'=HYPERLINK(""http://x"",""y"")"`, `"'+1+1"`, `"'@SUM(A1)"`, `"'-2+3"`, `"'\t=1+1"`, `"'\r=1+1"`].join(','),
    );
    // Read back by the app's reader: the very texts written (the apostrophe is the file's, not the data's).
    expect(await readCsv(await csvText([hostile]))).toEqual([hostile]);
  });

  it('neutralises a formula followed by a line break (papaparse’s own pattern misses it)', async () => {
    expect(await written(['=HYPERLINK("http://x","y")\nsecond line'])).toBe(
      `"'=HYPERLINK(""http://x"",""y"")\nsecond line"`,
    );
  });

  it('leaves plain decimal numbers as numbers: a negative amount or coordinate is data', async () => {
    const numbers = ['-12.50', '-1250', '0', '12.05', '-33.8688', '-0.1278', '1234567'];
    expect(await written(numbers)).toBe(numbers.join(','));
    // Anything more than a plain number after a minus is text, hence neutralised.
    expect(await written(['-12.50 refund', '-1e5', '-12,50', '--1'])).toBe(`"'-12.50 refund","'-1e5","'-12,50","'--1"`);
  });

  it('leaves every other cell as RFC 4180 writes it', async () => {
    expect(await written(['Phở 2000, "the" famous', 'Line one\nline two', 'a=b', '1+1', ''])).toBe(
      '"Phở 2000, ""the"" famous","Line one\nline two",a=b,1+1,',
    );
    expect(
      await csvText([
        ['a', 'b'],
        ['c', 'd'],
      ]),
    ).toBe('a,b\r\nc,d\r\n');
  });

  it('a cell that already begins with apostrophes before a formula character gets one more, so reading restores it', async () => {
    expect(await written(["'=1+1", "''-2", "'-12.50", "'text"])).toBe(`"''=1+1","'''-2","''-12.50",'text`);
    expect(await readCsv(await csvText([["'=1+1", "''-2", "'-12.50", "'text"]]))).toEqual([
      ["'=1+1", "''-2", "'-12.50", "'text"],
    ]);
  });

  it('writing then reading gives back every cell exactly (seeded random cells)', async () => {
    let seed = 20261202;
    const next = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed / 2 ** 31);
    const alphabet = ['=', '+', '-', '@', '\t', '\r', '\n', "'", '"', ',', ' ', '1', '2', '.', 'a', 'ệ', '字'];
    const cell = () =>
      Array.from({ length: Math.floor(next() * 8) }, () => alphabet[Math.floor(next() * alphabet.length)]!).join('');
    for (let round = 0; round < 300; round++) {
      // Never a wholly blank line: the reader skips those, as the import always did.
      const rows = Array.from({ length: 1 + Math.floor(next() * 4) }, () => ['x', ...Array.from({ length: 4 }, cell)]);
      const text = await csvText(rows);
      expect(await readCsv(text)).toEqual(rows);
      // And no cell of the file begins with a formula character unless it is a plain number.
      const cells = Papa.parse<string[]>(text, { delimiter: ',', skipEmptyLines: 'greedy' }).data.flat();
      expect(cells.filter((c) => /^[=+\-@\t\r]/.test(c) && !/^-\d+(\.\d+)?$/.test(c))).toEqual([]);
    }
  });

  it('reads what the import always read: any line ending, blank lines skipped, a byte order mark ignored', async () => {
    expect(await readCsv('\uFEFFslug,title_en\r\na,"b\nc"\r\n\r\n , \r\nd,e')).toEqual([
      ['slug', 'title_en'],
      ['a', 'b\nc'],
      ['d', 'e'],
    ]);
    expect(await readCsv('a,b\nc,d\n')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });
});
