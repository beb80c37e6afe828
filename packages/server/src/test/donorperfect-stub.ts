import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dpResultXml } from '../integrations/crm/donorperfect-xml.ts';

type Rec = Record<string, string>;

/** DonorPerfect's `params=` list back into values: `@name='text'` (quotes doubled), numbers, null. */
function parseParams(text: string): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  const re = /@(\w+)=('((?:[^']|'')*)'|[^,]*)\s*(,|$)/g;
  for (const m of text.matchAll(re)) {
    const raw = m[2] ?? '';
    out[m[1] as string] = m[3] !== undefined ? m[3].replace(/''/g, "'") : raw === 'null' ? null : raw;
  }
  return out;
}
const unquote = (v: string) => v.replace(/^'|'$/g, '').replace(/''/g, "'");

/**
 * A stand-in for DonorPerfect's xmlrequest.asp on 127.0.0.1, speaking its protocol: the API key
 * (or login/pass), `action=` stored procedures and SELECTs on dp, dpgift and dpcodes, XML answers,
 * `<error>` refusals. `next` makes the following call fail as a refusal, an HTTP 500 or a hang.
 */
export class DonorPerfectStub {
  readonly donors: Rec[] = [];
  readonly gifts: Rec[] = [];
  readonly codes: Rec[] = [
    { field_name: 'GL_CODE', code: 'GEN', description: 'General Fund', inactive: 'N' },
    { field_name: 'GL_CODE', code: 'OLD', description: 'Closed fund', inactive: 'Y' },
    { field_name: 'CAMPAIGN', code: 'SPRING & "FALL"', description: 'Spring <> Fall', inactive: 'N' },
  ];
  readonly calls: { method: string; action: string }[] = [];
  next: 'refuse' | 'http500' | 'hang' | null = null;
  private server: Server | null = null;
  private nextDonor = 1001;
  private nextGift = 5001;
  url = '';

  constructor(readonly apikey = 'stub-key-0123456789-abcdefghij') {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const query = new URL(req.url ?? '/', 'http://stub').searchParams;
        const body = new URLSearchParams(req.method === 'POST' ? Buffer.concat(chunks).toString('utf8') : '');
        const get = (k: string) => body.get(k) ?? query.get(k) ?? '';
        const action = get('action');
        this.calls.push({ method: req.method ?? 'GET', action });
        const mode = this.next;
        this.next = null;
        if (mode === 'hang') return; // never answers: the client's timeout must fire
        const send = (status: number, xml: string) => {
          res.writeHead(status, { 'content-type': 'text/xml' });
          res.end(xml);
        };
        if (mode === 'http500') return send(500, 'Internal Server Error');
        if (mode === 'refuse') return send(200, '<?xml version="1.0" ?><result><error>Invalid donor record</error></result>');
        if (get('apikey') !== this.apikey && !(get('login') === 'staff' && get('pass') === 'secret')) {
          return send(200, '<?xml version="1.0" ?><result><field name="error" id="error" value="Invalid API key"/></result>');
        }
        try {
          send(200, dpResultXml(this.answer(action, parseParams(get('params')))));
        } catch (e) {
          send(200, `<?xml version="1.0" ?><result><error>${(e as Error).message}</error></result>`);
        }
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/prod/xmlrequest.asp`;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  count = (action: string) => this.calls.filter((c) => c.action === action).length;

  private answer(action: string, p: Record<string, string | null>): Rec[] {
    if (action === 'dp_savedonor') {
      const id = p.donor_id && p.donor_id !== '0' ? p.donor_id : String(this.nextDonor++);
      const donor = { donor_id: id, first_name: p.first_name ?? '', last_name: p.last_name ?? '', email: p.email ?? '', address: p.address ?? '', city: p.city ?? '', state: p.state ?? '', zip: p.zip ?? '', country: p.country ?? '' };
      const at = this.donors.findIndex((d) => d.donor_id === id);
      if (at >= 0) this.donors[at] = donor;
      else this.donors.push(donor);
      return [{ '': id }];
    }
    if (action === 'dp_savegift') {
      if (!this.donors.some((d) => d.donor_id === p.donor_id)) throw new Error(`Donor ${p.donor_id} not found`);
      const id = p.gift_id && p.gift_id !== '0' ? p.gift_id : String(this.nextGift++);
      const gift = { gift_id: id, donor_id: p.donor_id ?? '', record_type: p.record_type ?? 'G', gift_date: p.gift_date ?? '', amount: p.amount ?? '0', gl_code: p.gl_code ?? '', campaign: p.campaign ?? '', solicit_code: p.solicit_code ?? '', reference: p.reference ?? '', gift_narrative: p.gift_narrative ?? '' };
      const at = this.gifts.findIndex((g) => g.gift_id === id);
      if (at >= 0) this.gifts[at] = gift;
      else if (p.gift_id && p.gift_id !== '0') throw new Error(`Gift ${p.gift_id} not found`);
      else this.gifts.push(gift);
      return [{ '': id }];
    }
    let m: RegExpExecArray | null;
    if (/^SELECT TOP 1 donor_id FROM dp$/.test(action)) return this.donors.slice(0, 1).map((d) => ({ donor_id: d.donor_id as string }));
    if (/^SELECT COUNT\(\*\) AS n FROM dp$/.test(action)) return [{ n: String(this.donors.length) }];
    if ((m = /^SELECT TOP (\d+) .* FROM dp WHERE donor_id>(\d+) ORDER BY donor_id$/.exec(action))) {
      const [top, after] = [Number(m[1]), Number(m[2])];
      return this.donors.filter((d) => Number(d.donor_id) > after).sort((a, b) => Number(a.donor_id) - Number(b.donor_id)).slice(0, top);
    }
    if ((m = /FROM dp WHERE donor_id=(\d+)$/.exec(action))) return this.donors.filter((d) => d.donor_id === m?.[1]);
    if (/FROM dp WHERE /.test(action)) {
      const email = /email='((?:[^']|'')*)'/.exec(action)?.[1];
      const first = /first_name='((?:[^']|'')*)'/.exec(action)?.[1];
      const last = /last_name='((?:[^']|'')*)'/.exec(action)?.[1];
      return this.donors.filter((d) => (email !== undefined && d.email === unquote(`'${email}'`)) || (first !== undefined && d.first_name === unquote(`'${first}'`) && d.last_name === unquote(`'${last ?? ''}'`)));
    }
    if ((m = /FROM dpgift WHERE gift_id=(\d+)$/.exec(action))) return this.gifts.filter((g) => g.gift_id === m?.[1]);
    if ((m = /FROM dpgift WHERE reference='((?:[^']|'')*)'/.exec(action))) return this.gifts.filter((g) => g.reference === unquote(`'${m?.[1]}'`)).slice(0, 1);
    if ((m = /FROM dpgift WHERE donor_id=(\d+) AND record_type='(\w)'/.exec(action))) return this.gifts.filter((g) => g.donor_id === m?.[1] && g.record_type === m?.[2]).reverse();
    if ((m = /FROM dpcodes WHERE field_name='(\w+)'/.exec(action))) {
      return this.codes.filter((c) => c.field_name === m?.[1] && c.inactive !== 'Y').map((c) => ({ code: c.code as string, description: c.description as string }));
    }
    throw new Error(`Unknown action ${action}`);
  }
}
