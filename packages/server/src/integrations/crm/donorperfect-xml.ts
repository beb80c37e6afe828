import { CrmError, type CrmRecord } from './crm.ts';

/**
 * DonorPerfect's XML answers: `<result><record><field name=".." id=".." value=".."/>…</record></result>`,
 * and for a refusal `<result><error>…</error></result>` (or a record whose only field is named
 * "error"). Values are XML-escaped attributes; nothing else in the document matters to us.
 */
const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeXml(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1]?.toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return entities[name.toLowerCase()] ?? whole;
  });
}

export function encodeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const attribute = (tag: string, name: string): string | null => {
  const match = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)')`, 'i').exec(tag);
  return match ? decodeXml(match[2] ?? match[3] ?? '') : null;
};

/** Parses an answer into records; throws CrmError('refused') for DonorPerfect's error answers. */
export function parseDpResult(xml: string): CrmRecord[] {
  const error = /<error>([\s\S]*?)<\/error>/i.exec(xml);
  if (error) throw new CrmError('refused', decodeXml(error[1] ?? '').trim() || 'The donor CRM refused the request.');
  if (!/<result[\s>/]/i.test(xml)) throw new CrmError('unreachable', 'The donor CRM answered something other than its XML result.');
  // The other refusal form: a field named error, with or without a record around it.
  for (const [tag] of xml.matchAll(/<field\b[^>]*>/gi)) {
    if ((attribute(tag, 'name') ?? attribute(tag, 'id'))?.toLowerCase() === 'error') throw new CrmError('refused', attribute(tag, 'value') || 'The donor CRM refused the request.');
  }
  const records: CrmRecord[] = [];
  for (const [, body] of xml.matchAll(/<record>([\s\S]*?)<\/record>/gi)) {
    const record: CrmRecord = {};
    for (const [tag] of (body ?? '').matchAll(/<field\b[^>]*>/gi)) {
      const name = attribute(tag, 'name') || attribute(tag, 'id') || '';
      record[name.toLowerCase()] = attribute(tag, 'value') ?? '';
    }
    records.push(record);
  }
  return records;
}

/** Builds an answer in the same format (the stub server in tests speaks it). */
export function dpResultXml(records: CrmRecord[]): string {
  const body = records
    .map((r) => `<record>${Object.entries(r).map(([k, v]) => `<field name="${encodeXml(k)}" id="${encodeXml(k)}" value="${encodeXml(v)}"/>`).join('')}</record>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8" ?><result>${body}</result>`;
}

export type DpParam = string | number | null;

/** DonorPerfect's `params=` list: `@name='text'` with quotes doubled, numbers bare, null as null. */
export function encodeDpParams(params: Record<string, DpParam>): string {
  return Object.entries(params)
    .map(([name, value]) => `@${name}=${value === null ? 'null' : typeof value === 'number' ? String(value) : `'${value.replace(/'/g, "''")}'`}`)
    .join(',');
}

/** A text value inside a SELECT we send (DonorPerfect's dynamic SQL actions). */
export const sqlText = (value: string) => `'${value.replace(/'/g, "''")}'`;
