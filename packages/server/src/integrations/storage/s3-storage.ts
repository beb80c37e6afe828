import { createReadStream } from 'node:fs';
import { stat as statFile } from 'node:fs/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { isSafeKey } from './keys.ts';
import { DEFAULT_EXPIRY_SECONDS, type Storage } from './storage.ts';

export type S3Location = { bucket: string; prefix: string };

/** `s3://bucket` or `s3://bucket/some/prefix` → where objects go. */
export function parseS3Url(url: string): S3Location {
  const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(url);
  if (!match?.[1]) throw new Error('ALMONER_STORAGE must look like s3://bucket or s3://bucket/prefix.');
  const prefix = (match[2] ?? '').replace(/^\/+|\/+$/g, '');
  if (prefix && !isSafeKey(prefix)) throw new Error('ALMONER_STORAGE has an unusable prefix.');
  return { bucket: match[1], prefix };
}

/**
 * The usual AWS variables: AWS_REGION, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY (read by the
 * SDK's default chain) and AWS_ENDPOINT_URL for S3-compatible servers, which mostly need
 * path-style addresses.
 */
export function createS3Client(env: NodeJS.ProcessEnv = process.env): S3Client {
  const endpoint = env.AWS_ENDPOINT_URL_S3 || env.AWS_ENDPOINT_URL || undefined;
  return new S3Client({
    region: env.AWS_REGION || env.AWS_DEFAULT_REGION || 'us-east-1',
    ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
    // A presigned PUT cannot carry a checksum of a body the browser has not sent yet.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey');

/**
 * Objects in an S3-compatible bucket, with presigned URLs from the AWS SDK. The upload URL
 * signs the content type, so a PUT with another type fails at the server; the size limit is
 * checked when the upload is reported done (S3 PUT URLs cannot carry one).
 */
export function createS3Storage({ bucket, prefix }: S3Location, client: S3Client = createS3Client()): Storage {
  const objectKey = (key: string) => {
    if (!isSafeKey(key)) throw new Error('unsafe storage key');
    return prefix ? `${prefix}/${key}` : key;
  };
  return {
    kind: 's3',
    signUpload: async (key, { contentType, expiresInSeconds = DEFAULT_EXPIRY_SECONDS }) => {
      const command = new PutObjectCommand({ Bucket: bucket, Key: objectKey(key), ContentType: contentType });
      const url = await getSignedUrl(client, command, { expiresIn: expiresInSeconds, signableHeaders: new Set(['content-type']) });
      return { url, method: 'PUT', headers: { 'content-type': contentType }, expiresAt: new Date(Date.now() + expiresInSeconds * 1000) };
    },
    signDownload: async (key, { expiresInSeconds = DEFAULT_EXPIRY_SECONDS, downloadName } = {}) => {
      const command = new GetObjectCommand({
        Bucket: bucket,
        Key: objectKey(key),
        ...(downloadName ? { ResponseContentDisposition: `attachment; filename="${downloadName.replace(/["\\\r\n]/g, '')}"` } : {}),
      });
      const url = await getSignedUrl(client, command, { expiresIn: expiresInSeconds });
      return { url, method: 'GET', headers: {}, expiresAt: new Date(Date.now() + expiresInSeconds * 1000) };
    },
    stat: async (key) => {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? 'application/octet-stream' };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    put: async (key, body, contentType) => {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: objectKey(key), Body: body, ContentType: contentType }));
    },
    putFile: async (key, path, contentType) => {
      // A stream needs its length up front for a single PUT (S3 allows up to 5 GB this way).
      const { size } = await statFile(path);
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: objectKey(key), Body: createReadStream(path), ContentLength: size, ContentType: contentType }));
    },
    get: async (key) => {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    remove: async (key) => {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },
  };
}
