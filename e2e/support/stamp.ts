import { beforeEach } from 'vitest';

/**
 * A number of its own for each attempt of each test, read through the function answered: CI
 * tries a failed browser test once more (e2e/vitest.config.ts), and a name made from a stamp
 * fixed when the file loaded met the records the first attempt had made (a duplicate e-mail
 * answered 422, and the retry failed for that alone). Vitest runs `beforeEach` again before a
 * retry, so the stamp changes with it.
 */
export function attemptStamp(): () => number {
  let value = 0;
  beforeEach(() => {
    value = Date.now() % 1_000_000;
  });
  return () => value;
}
