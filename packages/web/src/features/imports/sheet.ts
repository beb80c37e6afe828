import type { ImportCell } from '@almoner/contracts';
import Papa from 'papaparse';

/** A spreadsheet as read in the browser: its header row and the text of every other row. */
export interface Sheet {
  headers: string[];
  rows: string[][];
}

/** A cell of an XLSX sheet as text: dates as YYYY-MM-DD (read in UTC, as the parser makes them). */
export function cellToText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  return String(value);
}

/**
 * First row is the header; rows with every cell blank are dropped (spreadsheets end with some);
 * headers left blank get a name so the column can still be mapped by hand.
 */
export function toSheet(table: readonly (readonly unknown[])[]): Sheet {
  const [head = [], ...body] = table;
  const width = Math.max(head.length, ...body.map((r) => r.length));
  const headers = Array.from({ length: width }, (_, i) => cellToText(head[i]).trim() || `Column ${i + 1}`);
  const rows = body
    .map((r) => headers.map((_, i) => cellToText(r[i])))
    .filter((r) => r.some((c) => c.trim() !== ''));
  return { headers, rows };
}

export function parseCsv(text: string): Sheet {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  return toSheet(parsed.data);
}

export const isXlsx = (name: string) => /\.xlsx$/i.test(name);

/** Reads an uploaded CSV or XLSX file in the browser (the XLSX parser loads only when needed). */
export async function readSheetFile(file: File): Promise<Sheet> {
  if (isXlsx(file.name)) {
    const { readSheet } = await import('read-excel-file/browser');
    return toSheet(await readSheet(file));
  }
  return parseCsv(await file.text());
}

/** One row keyed by field key, as the shared rules and the server take it; unmapped columns left out. */
export function mappedRow(headers: readonly string[], row: readonly string[], mapping: Record<string, string | null>): Record<string, ImportCell> {
  const out: Record<string, ImportCell> = {};
  headers.forEach((h, i) => {
    const key = mapping[h];
    if (key) out[key] = row[i] ?? '';
  });
  return out;
}

/** Index of the column mapped to a field key, or -1. */
export const columnOf = (headers: readonly string[], mapping: Record<string, string | null>, key: string) => headers.findIndex((h) => mapping[h] === key);
