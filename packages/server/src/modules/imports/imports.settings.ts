let appKey: Buffer | null = null;

/** The key that seals supporter passwords between submit and the job that hashes them; set at start. */
export function configureImports(options: { appKey: Buffer }): void {
  appKey = options.appKey;
}

export function configuredImportKey(): Buffer {
  if (!appKey) throw new Error('Imports are not configured (configureImports).');
  return appKey;
}
