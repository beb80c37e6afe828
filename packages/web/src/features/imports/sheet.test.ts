import { autoMapColumns, IMPORT_FIELDS } from '@almoner/contracts';
import { describe, expect, it } from 'vitest';
import { cellToText, columnOf, mappedRow, parseCsv, toSheet } from './sheet.ts';

describe('reading a spreadsheet', () => {
  it('reads a CSV with a byte-order mark, quoted commas and blank trailing lines', () => {
    const sheet = parseCsv('\uFEFFFirst name,Email,Bill city\r\nAda,"ada@example.org","London, UK"\r\n,,\r\n\r\n');
    expect(sheet.headers).toEqual(['First name', 'Email', 'Bill city']);
    expect(sheet.rows).toEqual([['Ada', 'ada@example.org', 'London, UK']]);
  });

  it('pads short rows, names blank headers and turns XLSX values into text', () => {
    const sheet = toSheet([
      ['email', null, 'created_at'],
      ['a@example.org', 3, new Date(Date.UTC(2024, 1, 29))],
      [true],
    ]);
    expect(sheet.headers).toEqual(['email', 'Column 2', 'created_at']);
    expect(sheet.rows).toEqual([
      ['a@example.org', '3', '2024-02-29'],
      ['true', '', ''],
    ]);
    expect(cellToText(new Date('nonsense'))).toBe('');
  });

  it('keys a row by the mapped fields and leaves unmapped columns out', () => {
    const headers = ['First name', 'E-mail', 'Notes'];
    const mapping = autoMapColumns(headers, IMPORT_FIELDS.supporters);
    expect(mapping).toEqual({ 'First name': 'first_name', 'E-mail': 'email', Notes: null });
    expect(mappedRow(headers, ['Ada', 'ada@example.org', 'x'], mapping)).toEqual({ first_name: 'Ada', email: 'ada@example.org' });
    expect(columnOf(headers, mapping, 'email')).toBe(1);
    expect(columnOf(headers, mapping, 'password')).toBe(-1);
  });
});
