import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { storageMessages } from '@almoner/contracts';
import { S3Client } from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../../app.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { startS3Stub, STUB_CREDENTIALS, STUB_REGION } from '../../test/s3-stub.ts';
import { createTestDatabase } from '../../test/test-db.ts';
import { Agent, buildUser, testConfig } from '../../test/test-app.ts';
import { storageFor, useStorage } from './index.ts';
import { createS3Storage } from './s3-storage.ts';
import type { Storage } from './storage.ts';
import { incomingKey, registerUploads } from './uploads.ts';

const MAX_BYTES = 64;
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

type Driver = { name: 'local' | 's3'; setUp: (config: Config) => Promise<() => Promise<void>> };

// One file, both drivers: every case below runs against local disk and against S3 (a local
// stub that checks SigV4 signatures with the AWS SDK's own signer).
const drivers: Driver[] = [
  {
    name: 'local',
    setUp: async (config) => {
      config.dataDir = mkdtempSync(join(tmpdir(), 'almoner-storage-'));
      return async () => rmSync(config.dataDir, { recursive: true, force: true });
    },
  },
  {
    name: 's3',
    setUp: async (config) => {
      const stub = await startS3Stub('almoner-test');
      const client = new S3Client({
        endpoint: stub.endpoint,
        region: STUB_REGION,
        credentials: STUB_CREDENTIALS,
        forcePathStyle: true,
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      });
      useStorage(config, createS3Storage({ bucket: 'almoner-test', prefix: 'tenant-1' }, client));
      return async () => {
        client.destroy();
        await stub.close();
      };
    },
  },
];

describe.each(drivers)('storage driver: $name', (driver) => {
  let app: FastifyInstance;
  let database: Database;
  let base: string;
  let storage: Storage;
  let tearDown: () => Promise<void>;
  let agent: Agent;
  const config: Config = { ...testConfig };

  beforeAll(async () => {
    tearDown = await driver.setUp(config);
    database = await createTestDatabase();
    app = await buildApp({ database, config });
    // A stand-in area: any area mounts the same helper with its own permission and answer.
    registerUploads(app, {
      prefix: '/jpanel/test-files/cdn',
      permission: 'file.edit',
      collections: ['files'],
      contentTypes: ['image/*', 'application/pdf'],
      maxBytes: MAX_BYTES,
      answer: z.object({ key: z.string(), size: z.number(), content_type: z.string(), name: z.string() }),
      onDone: async (upload) => ({ key: upload.key, size: upload.size, content_type: upload.contentType, name: upload.originalName }),
    });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    storage = storageFor(config);
    const user = await buildUser(database);
    agent = new Agent(app);
    await agent.login(user.email);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await tearDown();
  });

  const absolute = (url: string) => (url.startsWith('/') ? `${base}${url}` : url);
  const put = (url: string, body: Buffer | string, contentType: string) =>
    fetch(absolute(url), { method: 'PUT', body, headers: { 'content-type': contentType } });
  const sign = async (filename = 'Logo (final).PNG', contentType = 'image/png') => {
    const response = await agent.post('/jpanel/test-files/cdn/sign', { filename, collection_name: 'files', content_type: contentType });
    expect(response.statusCode).toBe(200);
    return response.json<{ filename: string; signed_upload_url: string }>();
  };
  const done = (filename: string, contentType = 'image/png', size = PNG.length) =>
    agent.post('/jpanel/test-files/cdn/done', { filename, collection_name: 'files', content_type: contentType, size });

  it('uses the driver the configuration chose', () => {
    expect(storage.kind).toBe(driver.name);
  });

  it('signs, takes the PUT, and completes with the stored size; the download URL serves the bytes', async () => {
    const signed = await sign();
    expect(signed.filename).toMatch(/^logo-final(-\d+)?\.png$/);
    expect((await put(signed.signed_upload_url, PNG, 'image/png')).status).toBe(200);
    const completed = await done(signed.filename);
    expect(completed.statusCode).toBe(200);
    expect(completed.json()).toEqual({ key: `files/${signed.filename}`, size: PNG.length, content_type: 'image/png', name: signed.filename });

    const download = await storage.signDownload(`files/${signed.filename}`, { downloadName: 'logo.png' });
    const response = await fetch(absolute(download.url));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('content-disposition')).toContain('logo.png');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PNG);
  });

  // Issue 35: the upload link cannot be taken back (S3's least of all), so the PUT lands beside
  // the lasting key and `done` keeps the checked bytes there. A later PUT changes nothing served.
  it('serves what done checked: a second PUT to the same link after done replaces nothing', async () => {
    const signed = await sign('once.png');
    expect((await put(signed.signed_upload_url, PNG, 'image/png')).status).toBe(200);
    expect((await done(signed.filename)).statusCode).toBe(200);
    const again = await put(signed.signed_upload_url, 'not a picture at all', 'image/png');
    expect([200, 403]).toContain(again.status);
    const download = await storage.signDownload(`files/${signed.filename}`);
    expect(Buffer.from(await (await fetch(absolute(download.url))).arrayBuffer())).toEqual(PNG);
    // Finishing again is refused and still serves the checked file.
    const second = await done(signed.filename);
    expect(second.statusCode).toBe(422);
    expect(second.json().errors.filename).toEqual([storageMessages.alreadyDone]);
    expect(await storage.get(`files/${signed.filename}`)).toEqual(PNG);
    expect(await storage.stat(incomingKey(`files/${signed.filename}`))).toBeNull();
  });

  it('refuses a tampered signature, and a signature moved to another key', async () => {
    const signed = await sign();
    const url = new URL(absolute(signed.signed_upload_url));
    const name = url.searchParams.has('sig') ? 'sig' : 'X-Amz-Signature';
    const signature = url.searchParams.get(name) ?? '';
    url.searchParams.set(name, `${signature[0] === 'a' ? 'b' : 'a'}${signature.slice(1)}`);
    expect((await put(url.toString(), PNG, 'image/png')).status).toBe(403);

    const moved = absolute(signed.signed_upload_url).replace(signed.filename, 'other.png');
    expect((await put(moved, PNG, 'image/png')).status).toBe(403);
    expect(await storage.stat(`files/${signed.filename}`)).toBeNull();
    expect(await storage.stat('files/other.png')).toBeNull();
    expect((await done(signed.filename)).statusCode).toBe(422);
  });

  it('refuses an expired URL', async () => {
    const key = 'files/expiring.png';
    const signed = await storage.signUpload(key, { contentType: 'image/png', maxBytes: MAX_BYTES, expiresInSeconds: 1 });
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await put(signed.url, PNG, 'image/png')).status).toBe(403);
    expect(await storage.stat(key)).toBeNull();
  });

  it('refuses a content type other than the signed one', async () => {
    const signed = await sign('page.png', 'image/png');
    expect((await put(signed.signed_upload_url, '<script>alert(1)</script>', 'text/html')).status).toBe(403);
    expect(await storage.stat(`files/${signed.filename}`)).toBeNull();
    // The signed type must also be one the area accepts.
    const refused = await agent.post('/jpanel/test-files/cdn/sign', { filename: 'x.html', collection_name: 'files', content_type: 'text/html' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.content_type).toEqual(['This type of file cannot be uploaded here.']);
  });

  it('refuses an upload URL used to download, and a download URL used to upload', async () => {
    const signed = await sign();
    expect((await put(signed.signed_upload_url, PNG, 'image/png')).status).toBe(200);
    expect((await fetch(absolute(signed.signed_upload_url))).status).toBe(403);
    const download = await storage.signDownload(`files/${signed.filename}`);
    expect((await put(download.url, 'overwritten', 'image/png')).status).toBe(403);
    expect((await storage.stat(incomingKey(`files/${signed.filename}`)))?.size).toBe(PNG.length);
  });

  it('keeps every key inside its collection: traversal, absolute paths, NUL and encoded slashes', async () => {
    // A name with a path in it is a trick, not a file a browser would send: refused at sign.
    for (const filename of ['../../etc/passwd', '/etc/passwd', '..%2F..%2Fapp.key', 'a\\..\\b.png', '..']) {
      const response = await agent.post('/jpanel/test-files/cdn/sign', { filename, collection_name: 'files', content_type: 'image/png' });
      expect(response.statusCode, filename).toBe(422);
    }
    for (const filename of ['../secret.png', '/etc/passwd', 'x%2F..%2Fy.png', '..', 'a/b.png']) {
      const response = await done(filename);
      expect(response.statusCode, filename).toBe(422);
    }
    expect((await done('a\u0000b.png')).statusCode).toBe(422);
    const nul = await agent.post('/jpanel/test-files/cdn/sign', { filename: 'a\u0000b.png', collection_name: 'files', content_type: 'image/png' });
    expect(nul.statusCode).toBe(422);
    const other = await agent.post('/jpanel/test-files/cdn/sign', { filename: 'a.png', collection_name: '../files', content_type: 'image/png' });
    expect(other.statusCode).toBe(422);
    for (const key of ['../app.key', '/etc/passwd', 'files/../../app.key', 'files/a%2Fb', 'files/a\u0000b', 'files//a']) {
      await expect(storage.signUpload(key, { contentType: 'image/png', maxBytes: 1 }), key).rejects.toThrow();
    }
  });

  it('refuses a file over the size limit: nothing larger is ever accepted or kept', async () => {
    const signed = await sign('big.png');
    const big = Buffer.alloc(MAX_BYTES + 1, 1);
    const upload = await put(signed.signed_upload_url, big, 'image/png');
    // Local disk refuses at PUT; S3 takes the PUT and `done` refuses and deletes it.
    if (driver.name === 'local') expect(upload.status).toBe(413);
    const completed = await done(signed.filename, 'image/png', big.length);
    expect(completed.statusCode).toBe(422);
    expect(await storage.stat(`files/${signed.filename}`)).toBeNull();
  });

  it('lets only staff with the area permission sign', async () => {
    const user = await buildUser(database, { permissions: ['order.view'] });
    const other = new Agent(app);
    await other.login(user.email);
    const response = await other.post('/jpanel/test-files/cdn/sign', { filename: 'a.png', collection_name: 'files', content_type: 'image/png' });
    expect(response.statusCode).toBe(403);
  });

  it.runIf(driver.name === 'local')('serves an uploaded page as inert content, never as a page of this origin', async () => {
    const key = 'files/page.html';
    const upload = await storage.signUpload(key, { contentType: 'text/html', maxBytes: MAX_BYTES });
    expect((await put(upload.url, '<script>alert(1)</script>', 'text/html')).status).toBe(200);
    const response = await fetch(absolute((await storage.signDownload(key)).url));
    expect(response.headers.get('content-security-policy')).toContain('sandbox');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it.runIf(driver.name === 'local')('never decodes a request path into a key outside the store', async () => {
    const signed = await sign();
    const query = signed.signed_upload_url.split('?')[1];
    for (const path of ['/storage/files/..%2F..%2Fapp.key', '/storage/%2Fetc%2Fpasswd', '/storage/files/%00.png', '/storage/files/%2e%2e/app.key']) {
      const response = await fetch(`${base}${path}?${query}`, { method: 'PUT', body: PNG, headers: { 'content-type': 'image/png' } });
      expect([400, 403, 404], path).toContain(response.status);
    }
  });
});
