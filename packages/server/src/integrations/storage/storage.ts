/** A URL a browser (or a server) may call once signed: method and headers it must use. */
export type SignedUrl = {
  url: string;
  method: 'PUT' | 'GET';
  /** Headers the caller must send as signed (the content type of an upload). */
  headers: Record<string, string>;
  expiresAt: Date;
};

export type StoredObject = { size: number; contentType: string };

export type SignUploadOptions = {
  contentType: string;
  /** Largest accepted body. Local disk refuses more at PUT; S3 cannot, so `done` checks it. */
  maxBytes: number;
  expiresInSeconds?: number;
};

export type SignDownloadOptions = { expiresInSeconds?: number; downloadName?: string };

/**
 * Where files live. Every area stores through this, never through a driver: local disk by
 * default, S3-compatible when ALMONER_STORAGE=s3://bucket. Keys come from keys.ts.
 */
export type Storage = {
  kind: 'local' | 's3';
  signUpload: (key: string, options: SignUploadOptions) => Promise<SignedUrl>;
  signDownload: (key: string, options?: SignDownloadOptions) => Promise<SignedUrl>;
  /** The object's size and type, or null when nothing is stored under the key. */
  stat: (key: string) => Promise<StoredObject | null>;
  /** Stores a file the server made itself (a rendered PDF), replacing any object under the key. */
  put: (key: string, body: Buffer, contentType: string) => Promise<void>;
  /** Stores a file the server wrote to local disk (a large export), streamed: flat memory at any size. */
  putFile: (key: string, path: string, contentType: string) => Promise<void>;
  /** The object's bytes, or null when nothing is stored under the key. */
  get: (key: string) => Promise<Buffer | null>;
  remove: (key: string) => Promise<void>;
};

export const DEFAULT_EXPIRY_SECONDS = 15 * 60;
