import { formatByteLimit, IMAGE_PAGE_SIZE, MEDIA_MAX_BYTES, mediaMessages, messages, storageMessages } from '@almoner/contracts';
import { eq } from 'drizzle-orm';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { storageFor } from '../../integrations/storage/index.ts';
import { incomingKey } from '../../integrations/storage/uploads.ts';
import { createTestApp, signedIn, type Agent, type TestApp } from '../../test/test-app.ts';
import { productVariants } from '../products/products.tables.ts';
import { safeFilename as safeName } from '../../integrations/storage/keys.ts';
import { media, mediables, uploadReservations } from './media.tables.ts';

let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t)).agent;
});

const stamp = () => `${Date.now() % 1_000_000}${Math.floor(Math.random() * 1000)}`;

function png(width: number, height: number): Buffer {
  const image = new PNG({ width, height });
  image.data.fill(180);
  return PNG.sync.write(image);
}

/** A JPEG carrying an EXIF block with a "GPS" note in it: re-encoding must drop it. */
function jpegWithExif(): Buffer {
  const data = Buffer.alloc(8 * 8 * 4, 90);
  const plain = jpeg.encode({ width: 8, height: 8, data }, 90).data;
  const payload = Buffer.from('Exif\0\0GPS-SECRET-51.5N', 'latin1');
  const app1 = Buffer.concat([Buffer.from([0xff, 0xe1]), Buffer.from([(payload.length + 2) >> 8, (payload.length + 2) & 0xff]), payload]);
  return Buffer.concat([plain.subarray(0, 2), app1, plain.subarray(2)]);
}

type Item = { id: number; filename: string; size: number; thumbnail_url: string; public_url: string; is_image: boolean; in_use: boolean; caption: string | null };

async function upload(prefix: string, collection: string, filename: string, body: Buffer, contentType: string, agent = admin) {
  const meta = { filename, collection_name: collection, content_type: contentType };
  const signed = await agent.post(`${prefix}/sign`, meta);
  expect(signed.statusCode, signed.body).toBe(200);
  const { filename: stored, signed_upload_url: url } = signed.json() as { filename: string; signed_upload_url: string };
  const put = await t.app.inject({ method: 'PUT', url, payload: body, headers: { 'content-type': contentType } });
  expect(put.statusCode).toBe(200);
  const done = await agent.post(`${prefix}/done`, { ...meta, filename: stored, size: body.length });
  return { stored, done, meta: { ...meta, filename: stored, size: body.length } };
}

describe('media library uploads (POST /jpanel/media/cdn/sign → PUT → done)', () => {
  it('sanitises and numbers names, strips metadata, makes a thumbnail, and refuses a second done', async () => {
    const name = `My Photo@Home ${stamp()}.JPG`;
    const first = await upload('/jpanel/media/cdn', 'files', name, jpegWithExif(), 'image/jpeg');
    expect(first.done.statusCode, first.done.body).toBe(200);
    expect(first.stored).toMatch(/^my-photo-at-home-\d+\.jpg$/);
    const item = first.done.json() as Item;
    expect(item).toMatchObject({ filename: first.stored, is_image: true, in_use: false, caption: null });

    const storage = storageFor(t.app.ctx.config);
    const kept = await storage.get(`files/${first.stored}`);
    expect(kept?.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
    expect(kept?.includes('GPS-SECRET')).toBe(false);
    const [thumb] = await t.database.db.select().from(media).where(eq(media.parentId, item.id));
    expect(thumb?.storageKey).toBe(`files/thumbnails/${first.stored}`);

    const second = await upload('/jpanel/media/cdn', 'files', name, jpegWithExif(), 'image/jpeg');
    expect(second.stored).toBe(first.stored.replace(/\.jpg$/, '-2.jpg'));
    const third = await upload('/jpanel/media/cdn', 'files', name, jpegWithExif(), 'image/jpeg');
    expect(third.stored).toBe(first.stored.replace(/\.jpg$/, '-3.jpg'));

    const again = await admin.post('/jpanel/media/cdn/done', first.meta);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.filename).toEqual([storageMessages.alreadyDone]);
  });

  it('gives two signs of one name, at once or before either file arrives, different names', async () => {
    const name = `Race ${stamp()}.png`;
    const meta = { filename: name, collection_name: 'files', content_type: 'image/png' };
    const together = await Promise.all([admin.post('/jpanel/media/cdn/sign', meta), admin.post('/jpanel/media/cdn/sign', meta), admin.post('/jpanel/media/cdn/sign', meta)]);
    const names = together.map((r) => (r.json() as { filename: string }).filename);
    expect(new Set(names).size).toBe(3);
    const stem = safeName(name).replace(/\.png$/, '');
    expect(names.sort()).toEqual([`${stem}-2.png`, `${stem}-3.png`, `${stem}.png`]);
    const later = await admin.post('/jpanel/media/cdn/sign', meta);
    expect((later.json() as { filename: string }).filename).toBe(`${stem}-4.png`);
    // Once finished, the reservation gives way to the stored file, which keeps the name taken.
    const first = await upload('/jpanel/media/cdn', 'files', name, png(2, 2), 'image/png');
    expect(first.stored).toBe(`${stem}-5.png`);
    expect(first.done.statusCode).toBe(200);
    expect(await t.database.db.select().from(uploadReservations).where(eq(uploadReservations.storageKey, `files/${first.stored}`))).toEqual([]);
  });

  it('refuses a file larger than its library takes, at sign time in the link and again at done', async () => {
    const meta = { filename: `big-${stamp()}.pdf`, collection_name: 'files', content_type: 'application/pdf' };
    const signed = (await admin.post('/jpanel/media/cdn/sign', meta)).json() as { filename: string; signed_upload_url: string };
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(MEDIA_MAX_BYTES)]);
    const put = await t.app.inject({ method: 'PUT', url: signed.signed_upload_url, payload: big, headers: { 'content-type': 'application/pdf' } });
    expect(put.statusCode).toBe(413);
    // A store that cannot refuse at PUT (S3): done measures what arrived and refuses it.
    const storage = storageFor(t.app.ctx.config);
    await storage.put(incomingKey(`files/${signed.filename}`), big, 'application/pdf');
    const done = await admin.post('/jpanel/media/cdn/done', { ...meta, filename: signed.filename, size: big.length });
    expect(done.statusCode).toBe(422);
    expect(done.json().errors.size).toEqual([storageMessages.tooLarge(formatByteLimit(MEDIA_MAX_BYTES))]);
    expect(await storage.stat(incomingKey(`files/${signed.filename}`))).toBeNull();
    expect(await storage.stat(`files/${signed.filename}`)).toBeNull();
  });

  it('makes a thumbnail of at most 300 pixels', async () => {
    const { done } = await upload('/jpanel/media/cdn', 'files', `wide-${stamp()}.png`, png(600, 400), 'image/png');
    expect(done.statusCode, done.body).toBe(200);
    const [thumb] = await t.database.db.select().from(media).where(eq(media.parentId, (done.json() as Item).id));
    expect([thumb?.width, thumb?.height]).toEqual([300, 200]);
  });

  it('refuses bad types at sign, a file that is not what it claims at done, and path tricks', async () => {
    const html = await admin.post('/jpanel/media/cdn/sign', { filename: 'page.html', collection_name: 'files', content_type: 'text/html' });
    expect(html.statusCode).toBe(422);
    expect(html.json().errors.content_type).toEqual([storageMessages.contentType]);
    const collection = await admin.post('/jpanel/media/cdn/sign', { filename: 'a.png', collection_name: 'downloads', content_type: 'image/png' });
    expect(collection.json().errors.collection_name).toEqual([storageMessages.collection]);

    const fake = await upload('/jpanel/media/cdn', 'files', `fake-${stamp()}.png`, Buffer.from('<script>alert(1)</script>'), 'image/png');
    expect(fake.done.statusCode).toBe(422);
    expect(fake.done.json().errors.content_type).toEqual([storageMessages.notThatType]);
    expect(await storageFor(t.app.ctx.config).stat(`files/${fake.stored}`)).toBeNull();
    // Right signature, broken body: it does not decode, so it is not a picture either.
    const broken = await upload('/jpanel/media/cdn', 'files', `broken-${stamp()}.png`, png(2, 2).subarray(0, 40), 'image/png');
    expect(broken.done.statusCode).toBe(422);

    for (const filename of ['../../etc/passwd.png', '..\\..\\x.png', '%2e%2e%2fx.png', 'a/b.png']) {
      const response = await admin.post('/jpanel/media/cdn/sign', { filename, collection_name: 'files', content_type: 'image/png' });
      expect(response.statusCode, filename).toBe(422);
    }
    const done = await admin.post('/jpanel/media/cdn/done', { filename: '../secret.png', collection_name: 'files', content_type: 'image/png', size: 1 });
    expect(done.statusCode).toBe(422);
  });
});

describe('images library', () => {
  it('lists newest first with search and pages, saves captions up to 191, and deletes only files not in use', async () => {
    const tag = `lib${stamp()}`;
    const a = (await upload('/jpanel/media/cdn', 'files', `${tag} one.png`, png(4, 4), 'image/png')).done.json() as Item;
    const b = (await upload('/jpanel/media/cdn', 'files', `${tag} two.png`, png(4, 4), 'image/png')).done.json() as Item;
    const listing = await admin.get(`/jpanel/images/directory_listing?query=${tag}&page=1`);
    expect(listing.statusCode, listing.body).toBe(200);
    const body = listing.json() as { data: Item[]; current_page: number; items: number; next: { is_link: boolean } };
    expect(body.data.map((i) => i.id)).toEqual([b.id, a.id]);
    expect(body).toMatchObject({ current_page: 1, items: 2, next: { is_link: false } });
    expect(IMAGE_PAGE_SIZE).toBe(42);
    expect((await admin.get('/jpanel/images/directory_listing?page=abc')).statusCode).toBe(422);

    const long = await admin.post(`/jpanel/media/${a.id}/caption`, { caption: 'x'.repeat(192) });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.caption).toEqual([messages.maxLength(191)]);
    const captioned = await admin.post(`/jpanel/media/${a.id}/caption`, { caption: 'Well opening' });
    expect((captioned.json() as Item).caption).toBe('Well opening');

    await t.database.db.insert(mediables).values({ mediaId: a.id, mediableType: 'product_variant', mediableId: 1 });
    const listed = await admin.post('/jpanel/media/list', { parent_type: 'product_variant', parent_id: 1 });
    expect((listed.json() as Item[]).some((i) => i.id === a.id && i.in_use)).toBe(true);
    // collection_name narrows the list to that collection (issue 39: it was ignored).
    const inFiles = (await admin.post('/jpanel/media/list', { parent_type: 'product_variant', parent_id: 1, collection_name: 'files' })).json() as Item[];
    expect(inFiles.map((i) => i.id)).toContain(a.id);
    expect((await admin.post('/jpanel/media/list', { parent_type: 'product_variant', parent_id: 1, collection_name: 'products' })).json()).toEqual([]);
    expect((await admin.post('/jpanel/media/list', { parent_type: 'product\u0000', parent_id: 1 })).statusCode).toBe(422);
    const refused = await admin.post('/jpanel/images/destroy', { id: a.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(mediaMessages.inUse);

    const storage = storageFor(t.app.ctx.config);
    const removed = await admin.post(`/jpanel/media/${b.id}/destroy`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await storage.stat(`files/${b.filename}`)).toBeNull();
    expect(await storage.stat(`files/thumbnails/${b.filename}`)).toBeNull();
    expect((await admin.post(`/jpanel/media/${b.id}/destroy`)).statusCode).toBe(404);
  });
});

describe('downloads library', () => {
  it('uploads any allowed file byte for byte, lists it, serves it, and refuses to delete it while sold', async () => {
    const pdf = Buffer.from('%PDF-1.4\n% a small guide\n%%EOF\n');
    const up = await upload('/jpanel/downloads/cdn', 'downloads', `Field Guide ${stamp()}.PDF`, pdf, 'application/pdf');
    expect(up.done.statusCode, up.done.body).toBe(200);
    const file = up.done.json() as { id: number; filename: string; size: number; download_url: string; in_use: boolean };
    expect(file).toMatchObject({ filename: up.stored, size: pdf.length, download_url: `/jpanel/downloads/${file.id}`, in_use: false });
    expect((await admin.post('/jpanel/downloads/cdn/done', up.meta)).statusCode).toBe(422);

    const list = (await admin.get(`/jpanel/downloads.json?query=${encodeURIComponent(up.stored.slice(0, 20))}`)).json() as { id: number }[];
    expect(list.map((f) => f.id)).toContain(file.id);
    const redirect = await admin.get(file.download_url);
    expect(redirect.statusCode).toBe(302);
    const served = await t.app.inject({ method: 'GET', url: redirect.headers.location as string });
    expect(served.rawPayload.equals(pdf)).toBe(true);

    const fake = await upload('/jpanel/downloads/cdn', 'downloads', `fake-${stamp()}.pdf`, Buffer.from('MZ\x90\x00 not a pdf'), 'application/pdf');
    expect(fake.done.statusCode).toBe(422);
    expect((await admin.post('/jpanel/downloads/cdn/sign', { filename: 'x.exe', collection_name: 'downloads', content_type: 'application/x-msdownload' })).statusCode).toBe(422);

    const product = await admin.post('/jpanel/products', { name: `Guide ${stamp()}`, code: `GUIDE-${stamp()}`, base_currency: 'USD', variants: [{ variant_name: 'PDF', price: 5 }] });
    expect(product.statusCode, product.body).toBeLessThan(300);
    const [variant] = await t.database.db.select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.productId, (product.json() as { id: number }).id));
    await t.database.db.update(productVariants).set({ fileId: file.id }).where(eq(productVariants.id, variant!.id));
    const inUse = await admin.delete(`/jpanel/downloads/${file.id}`);
    expect(inUse.statusCode).toBe(422);
    expect(inUse.json().message).toBe(mediaMessages.inUse);
    await t.database.db.update(productVariants).set({ fileId: null }).where(eq(productVariants.id, variant!.id));
    expect((await admin.delete(`/jpanel/downloads/${file.id}`)).statusCode).toBe(200);
    expect(await storageFor(t.app.ctx.config).stat(`downloads/${file.filename}`)).toBeNull();
  });
});

describe('library permissions', () => {
  it('needs file.view to look, file.add to upload and file.edit to delete or caption', async () => {
    const { agent: viewer } = await signedIn(t, { permissions: ['file.view'] });
    expect((await viewer.get('/jpanel/images/directory_listing')).statusCode).toBe(200);
    expect((await viewer.get('/jpanel/downloads.json')).statusCode).toBe(200);
    expect((await viewer.post('/jpanel/media/cdn/sign', { filename: 'a.png', collection_name: 'files', content_type: 'image/png' })).statusCode).toBe(403);
    expect((await viewer.post('/jpanel/downloads/cdn/sign', { filename: 'a.pdf', collection_name: 'downloads', content_type: 'application/pdf' })).statusCode).toBe(403);
    expect((await viewer.post('/jpanel/images/destroy', { id: 1 })).statusCode).toBe(403);
    expect((await viewer.delete('/jpanel/downloads/1')).statusCode).toBe(403);
    expect((await viewer.post('/jpanel/media/1/caption', { caption: 'x' })).statusCode).toBe(403);
    const { agent: nobody } = await signedIn(t, { permissions: ['product.view'] });
    expect((await nobody.get('/jpanel/images/directory_listing')).statusCode).toBe(403);
    const { agent: adder } = await signedIn(t, { permissions: ['file.view', 'file.add'] });
    const { done } = await upload('/jpanel/media/cdn', 'files', `added-${stamp()}.png`, png(2, 2), 'image/png', adder);
    expect(done.statusCode).toBe(200);
  });
});
