import { editorUploadMessages, storageMessages } from '@almoner/contracts';
import { eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type Agent, type TestApp } from '../../test/test-app.ts';
import { media } from './media.tables.ts';

let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t)).agent;
});

const URL = '/jpanel/api/v1/tinymce/imageupload';
const stamp = () => `${Date.now() % 1_000_000}${Math.floor(Math.random() * 1000)}`;

function png(width: number, height: number): Buffer {
  const image = new PNG({ width, height });
  image.data.fill(120);
  return PNG.sync.write(image);
}

function multipart(file?: { field?: string; name: string; type: string; data: Buffer }) {
  const boundary = '----almoner-editor';
  const chunks: Buffer[] = [];
  if (file) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`), file.data, Buffer.from('\r\n'));
  } else {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n`));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const send = (agent: Agent, file?: Parameters<typeof multipart>[0]) => {
  const { body, headers } = multipart(file);
  return agent.post(URL, body, { headers });
};

describe('POST /jpanel/api/v1/tinymce/imageupload', () => {
  it('stores the image in the media library, re-encoded with a thumbnail, and answers a lasting location', async () => {
    const name = `Editor Shot ${stamp()}.PNG`;
    const response = await send(admin, { name, type: 'image/png', data: png(400, 100) });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { id: number; filename: string; location: string; public_url: string; thumbnail_url: string };
    expect(body.filename).toMatch(/^editor-shot-\d+\.png$/);
    expect(body.location).toBe(`/media/${body.id}/${body.filename}`);
    const [thumb] = await t.database.db.select().from(media).where(eq(media.parentId, body.id));
    expect([thumb?.width, thumb?.height]).toEqual([300, 75]);

    // The location redirects to a fresh signed link serving the stored image, with no session.
    const redirect = await t.app.inject({ method: 'GET', url: body.location });
    expect(redirect.statusCode).toBe(302);
    const served = await t.app.inject({ method: 'GET', url: redirect.headers.location as string });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.subarray(0, 8).equals(png(1, 1).subarray(0, 8))).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/media/${body.id}/other.png` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/media/${thumb!.id}/${body.filename}` })).statusCode).toBe(404);

    // The same name again gets the next number.
    const again = await send(admin, { name, type: 'image/png', data: png(4, 4) });
    expect((again.json() as { filename: string }).filename).toBe(body.filename.replace(/\.png$/, '-2.png'));
  });

  it('refuses a missing file, a type that is not an image, a "PNG" that is not one, and an unreadable body; nothing is kept', async () => {
    const before = (await t.database.db.select({ id: media.id }).from(media)).length;
    const none = await send(admin);
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.file).toEqual([editorUploadMessages.noFile]);
    const pdf = await send(admin, { name: 'doc.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4\n') });
    expect(pdf.json().errors.file).toEqual([storageMessages.contentType]);
    const fake = await send(admin, { name: `fake-${stamp()}.png`, type: 'image/png', data: Buffer.from('<script>alert(1)</script>') });
    expect(fake.statusCode).toBe(422);
    expect(fake.json().errors.file).toEqual([storageMessages.notThatType]);
    const broken = await send(admin, { name: `broken-${stamp()}.png`, type: 'image/png', data: png(2, 2).subarray(0, 40) });
    expect(broken.statusCode).toBe(422);
    expect(broken.json().errors.content_type).toEqual([storageMessages.notThatType]);
    const garbage = await admin.post(URL, Buffer.from('--x\r\nnonsense'), { headers: { 'content-type': 'multipart/form-data; boundary=x' } });
    expect(garbage.statusCode).toBe(422);
    const json = await admin.post(URL, { file: 'x' });
    expect(json.statusCode).toBe(422);
    const tricky = await send(admin, { name: '../../etc/passwd.png', type: 'image/png', data: png(2, 2) });
    expect(tricky.statusCode).toBe(200);
    expect((tricky.json() as { filename: string }).filename).toMatch(/^passwd(-\d+)?\.png$/);
    expect((await t.database.db.select({ id: media.id }).from(media)).length).toBe(before + 2);
  });

  it('needs file.add', async () => {
    const { agent: viewer } = await signedIn(t, { permissions: ['file.view'] });
    expect((await send(viewer, { name: 'a.png', type: 'image/png', data: png(2, 2) })).statusCode).toBe(403);
    const { agent: adder } = await signedIn(t, { permissions: ['file.view', 'file.add'] });
    expect((await send(adder, { name: `a-${stamp()}.png`, type: 'image/png', data: png(2, 2) })).statusCode).toBe(200);
  });
});
