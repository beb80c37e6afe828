import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Hash } from '@smithy/hash-node';
import { SignatureV4 } from '@smithy/signature-v4';

export const STUB_CREDENTIALS = { accessKeyId: 'AKIASTUBSTUBSTUB0001', secretAccessKey: 'stub-secret-key-for-tests-only' };
export const STUB_REGION = 'us-east-1';

type StubObject = { body: Buffer; contentType: string };

/**
 * A local S3-compatible stand-in for the storage tests: path-style buckets, PUT, GET, HEAD and
 * DELETE, and every request's SigV4 signature (header or presigned query) re-computed with the
 * AWS SDK's own signer and compared, with expiry enforced as S3 does.
 */
export async function startS3Stub(bucket: string) {
  const objects = new Map<string, StubObject>();
  const signer = new SignatureV4({
    credentials: STUB_CREDENTIALS,
    region: STUB_REGION,
    service: 's3',
    sha256: Hash.bind(null, 'sha256'),
    uriEscapePath: false,
  });

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      handle(request, response, Buffer.concat(chunks)).catch((error: unknown) => {
        response.statusCode = 500;
        response.end(String(error));
      });
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse, body: Buffer) {
    const url = new URL(request.url ?? '/', 'http://stub');
    const verdict = await verify(request, url);
    if (verdict !== 'ok') return fail(response, 403, verdict);
    const [, bucketName, ...rest] = url.pathname.split('/');
    if (bucketName !== bucket) return fail(response, 404, 'NoSuchBucket');
    const key = decodeURIComponent(rest.join('/'));
    const object = objects.get(key);
    switch (request.method ?? '') {
      case 'PUT':
        objects.set(key, { body, contentType: request.headers['content-type'] ?? 'binary/octet-stream' });
        response.setHeader('etag', '"stub"');
        return response.end();
      case 'GET':
      case 'HEAD':
        if (!object) return fail(response, 404, 'NoSuchKey');
        response.setHeader('content-type', object.contentType);
        response.setHeader('content-length', object.body.length);
        if (url.searchParams.get('response-content-disposition')) {
          response.setHeader('content-disposition', url.searchParams.get('response-content-disposition') as string);
        }
        return response.end(request.method === 'GET' ? object.body : undefined);
      case 'DELETE':
        objects.delete(key);
        response.statusCode = 204;
        return response.end();
      default:
        return fail(response, 405, 'MethodNotAllowed');
    }
  }

  async function verify(request: IncomingMessage, url: URL): Promise<'ok' | 'SignatureDoesNotMatch' | 'AccessDenied'> {
    const query = Object.fromEntries(url.searchParams);
    const presigned = query['X-Amz-Signature'];
    const authorization = request.headers.authorization ?? '';
    const signedHeaders = (presigned ? query['X-Amz-SignedHeaders'] : /SignedHeaders=([^,]+)/.exec(authorization)?.[1])?.split(';') ?? [];
    const amzDate = presigned ? query['X-Amz-Date'] : (request.headers['x-amz-date'] as string | undefined);
    const date = parseAmzDate(amzDate);
    if (!date || !signedHeaders.includes('host')) return 'AccessDenied';
    const headers: Record<string, string> = Object.fromEntries(signedHeaders.map((name) => [name, String(request.headers[name] ?? '')]));
    // The presigner signs the payload hash as a header and then hoists it into the query.
    const { 'X-Amz-Signature': _signature, 'X-Amz-Content-Sha256': payloadHash, ...unsignedQuery } = query;
    if (presigned && payloadHash) headers['X-Amz-Content-Sha256'] = payloadHash;
    const httpRequest = {
      method: request.method ?? 'GET',
      protocol: 'http:',
      hostname: url.hostname,
      path: url.pathname,
      headers,
      query: presigned ? unsignedQuery : query,
    };
    if (presigned) {
      const expires = Number(query['X-Amz-Expires']);
      if (!Number.isInteger(expires) || date.getTime() + expires * 1000 < Date.now()) return 'AccessDenied';
      const expected = await signer.presign(httpRequest, {
        signingDate: date,
        expiresIn: expires,
        signableHeaders: new Set(signedHeaders),
        unhoistableHeaders: new Set(signedHeaders),
      });
      return expected.query?.['X-Amz-Signature'] === presigned ? 'ok' : 'SignatureDoesNotMatch';
    }
    const signed = await signer.sign(httpRequest, { signingDate: date, signableHeaders: new Set(signedHeaders) });
    return signed.headers.authorization === authorization ? 'ok' : 'SignatureDoesNotMatch';
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function fail(response: ServerResponse, status: number, code: string) {
  response.statusCode = status;
  response.setHeader('content-type', 'application/xml');
  response.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`);
}

function parseAmzDate(value: string | undefined): Date | null {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '');
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  return new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!));
}
