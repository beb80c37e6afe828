/**
 * What a test file opened and has not closed yet (apps, databases), closed by setup.ts after the
 * file. A module of its own with no imports: setup.ts runs before each test file, and importing
 * the app from there would load its modules before the file's `vi.mock` could replace one.
 */
const closers = new Set<() => Promise<void>>();

/** Keeps `close` until it runs (after the file, or earlier if the test closes it first). */
export function closeAfterFile(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  const once = () => {
    closers.delete(once);
    closing ??= close();
    return closing;
  };
  closers.add(once);
  return once;
}

/** Closes what is still open, newest first: an app before the database it was built on. */
export async function closeOpenResources(): Promise<void> {
  for (const close of [...closers].reverse()) await close();
}
