import { sponseePhotoMessages, storageMessages } from '@almoner/contracts';
import { eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type Agent, type TestApp } from '../../test/test-app.ts';
import { media } from '../media/media.tables.ts';
import { sponsorships } from './sponsorships.tables.ts';

let t: TestApp;
let admin: Agent;
let fresh: number;
let pictured: number;
let existingPhoto: number;
const run = `${Date.now() % 1_000_000}`;
const ref = (s: string) => `SP${run}-${s}`;

function png(width: number, height: number): Buffer {
  const image = new PNG({ width, height });
  image.data.fill(90);
  return PNG.sync.write(image);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t)).agent;
  const [photo] = await t.database.db
    .insert(media)
    .values({ collectionName: 'sponsorships', contentType: 'image/png', name: 'old.png', filename: `old-${run}.png`, storageKey: `sponsorships/old-${run}.png`, size: 10 })
    .returning({ id: media.id });
  existingPhoto = photo!.id;
  const rows = await t.database.db
    .insert(sponsorships)
    .values([
      { referenceNumber: ref('A'), firstName: 'Amani', lastName: 'Otieno', isEnabled: true },
      { referenceNumber: ref('B'), firstName: 'Baraka', lastName: 'Mwangi', isEnabled: true, mediaId: existingPhoto },
    ])
    .returning({ id: sponsorships.id });
  fresh = rows[0]!.id;
  pictured = rows[1]!.id;
}, 60_000);

async function upload(name: string, body: Buffer, type = 'image/png') {
  const signed = await admin.post('/jpanel/import/sponsee-photos/sign', { filename: name, content_type: type });
  expect(signed.statusCode, signed.body).toBe(200);
  const { filename, signed_upload_url: url } = signed.json() as { filename: string; signed_upload_url: string };
  const put = await t.app.inject({ method: 'PUT', url, payload: body, headers: { 'content-type': type } });
  expect(put.statusCode, put.body).toBe(200);
  return filename;
}

describe('POST /jpanel/import/sponsee-photos/check', () => {
  it('matches names to sponsees by reference number ignoring case and extension, with has_photo; others are null', async () => {
    const files = [`${ref('a').toLowerCase()}.PNG`, `${ref('B')}.jpg`, 'nobody-here.png'];
    const response = await admin.post('/jpanel/import/sponsee-photos/check', { files });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual([
      { name: files[0], sponsee: { id: fresh, has_photo: false, reference_number: ref('A'), full_name: 'Amani Otieno' } },
      { name: files[1], sponsee: { id: pictured, has_photo: true, reference_number: ref('B'), full_name: 'Baraka Mwangi' } },
      { name: files[2], sponsee: null },
    ]);
  });

  it('answers 422, never 500, for bad input', async () => {
    for (const body of [{}, { files: [] }, { files: 'x.png' }, { files: ['a\u0000.png'] }, { files: [42] }]) {
      const response = await admin.post('/jpanel/import/sponsee-photos/check', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
    }
  });
});

describe('POST /jpanel/import/sponsee-photos/sign', () => {
  it('refuses types other than gif, jpg, jpeg and png, by name or by type', async () => {
    for (const body of [
      { filename: 'a.pdf', content_type: 'application/pdf' },
      { filename: 'a.png', content_type: 'image/svg+xml' },
      { filename: 'a.svg', content_type: 'image/png' },
      { filename: 'a', content_type: 'image/png' },
    ]) {
      const response = await admin.post('/jpanel/import/sponsee-photos/sign', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(JSON.stringify(response.json().errors)).toContain(sponseePhotoMessages.fileType);
    }
    const path = await admin.post('/jpanel/import/sponsee-photos/sign', { filename: '../x.png', content_type: 'image/png' });
    expect(path.statusCode).toBe(422);
  });
});

describe('POST /jpanel/import/sponsee-photos/attach', () => {
  it('links the uploaded photo; the sponsee page shows it; repeating it changes nothing', async () => {
    const body = png(40, 30);
    const filename = await upload(`${ref('A')}.png`, body);
    const input = { sponsee: fresh, filename, content_type: 'image/png', size: body.length };
    const attached = await admin.post('/jpanel/import/sponsee-photos/attach', input);
    expect(attached.statusCode, attached.body).toBe(200);
    const mediaId = (attached.json() as { media_id: number }).media_id;
    // The media item, as the spec's other uploads answer it (issue 39), beside the sponsee.
    expect(attached.json()).toMatchObject({ sponsee: fresh, id: mediaId, filename, is_image: true, in_use: true, public_url: expect.any(String), thumbnail_url: expect.any(String) });

    const page = await admin.get(`/jpanel/sponsorships/${fresh}`);
    expect(page.json().sponsee.photo).toMatchObject({ id: mediaId, filename });
    const served = await t.app.inject({ method: 'GET', url: page.json().sponsee.photo.url as string });
    expect(served.statusCode).toBe(200);

    const [before] = await t.database.db.select().from(sponsorships).where(eq(sponsorships.id, fresh));
    const again = await admin.post('/jpanel/import/sponsee-photos/attach', input);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().media_id).toBe(mediaId);
    const [after] = await t.database.db.select().from(sponsorships).where(eq(sponsorships.id, fresh));
    expect(after!.updatedAt).toEqual(before!.updatedAt);
    expect((await t.database.db.select().from(media).where(eq(media.filename, filename))).filter((m) => m.parentId === null)).toHaveLength(1);

    const check = await admin.post('/jpanel/import/sponsee-photos/check', { files: [`${ref('A')}.png`] });
    expect(check.json()[0].sponsee.has_photo).toBe(true);
  });

  it('refuses a file that was never uploaded, and one whose size is not the one sent; links nothing', async () => {
    const never = await admin.post('/jpanel/import/sponsee-photos/attach', { sponsee: pictured, filename: `never-${run}.png`, content_type: 'image/png', size: 10 });
    expect(never.statusCode).toBe(422);
    expect(never.json().errors.filename).toEqual([storageMessages.uploadMissing]);

    const body = png(8, 8);
    const filename = await upload(`${ref('B')}.png`, body);
    const wrongSize = await admin.post('/jpanel/import/sponsee-photos/attach', { sponsee: pictured, filename, content_type: 'image/png', size: body.length + 1 });
    expect(wrongSize.statusCode).toBe(422);
    expect(wrongSize.json().errors.size).toEqual([sponseePhotoMessages.sizeMismatch]);

    const [row] = await t.database.db.select().from(sponsorships).where(eq(sponsorships.id, pictured));
    expect(row!.mediaId).toBe(existingPhoto);
  });

  it('refuses an unknown sponsee and bad input with 422, never 500', async () => {
    const unknown = await admin.post('/jpanel/import/sponsee-photos/attach', { sponsee: 2 ** 31 - 1, filename: 'x.png', content_type: 'image/png', size: 1 });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.sponsee).toEqual([sponseePhotoMessages.sponseeGone]);
    for (const body of [{}, { sponsee: 'x', filename: 'x.png', content_type: 'image/png', size: 1 }, { sponsee: fresh, filename: 'x.png', content_type: 'text/html', size: 1 }, { sponsee: fresh, filename: 'x.png', content_type: 'image/png', size: -1 }, { sponsee: 1e12, filename: 'x.png', content_type: 'image/png', size: 1 }]) {
      const response = await admin.post('/jpanel/import/sponsee-photos/attach', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
    }
  });
});

describe('permissions', () => {
  it('answers 403 to a user who may not edit sponsees', async () => {
    const { agent } = await signedIn(t, { permissions: ['sponsorship.view'] });
    expect((await agent.post('/jpanel/import/sponsee-photos/check', { files: ['a.png'] })).statusCode).toBe(403);
    expect((await agent.post('/jpanel/import/sponsee-photos/sign', { filename: 'a.png', content_type: 'image/png' })).statusCode).toBe(403);
    expect((await agent.post('/jpanel/import/sponsee-photos/attach', { sponsee: fresh, filename: 'a.png', content_type: 'image/png', size: 1 })).statusCode).toBe(403);
  });
});
