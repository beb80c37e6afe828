import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with OWASP's suggested memory and passes.
const options = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * One argon2 computation at a time per process. Each takes tens of milliseconds of a core and
 * 19 MiB; a burst of sign-ins (the throttle lets 20 wrong guesses per address through) run side
 * by side took both cores of a small server from every other request. In turn, a burst costs the
 * guesser time and leaves the other requests a core.
 */
let hashing: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const turn = hashing.then(work, work);
  hashing = turn.catch(() => undefined);
  return turn;
}

export const hashPassword = (password: string) => oneAtATime(() => hash(password, options));

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await oneAtATime(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

/** A real hash to verify against when the email is unknown, so timing does not tell. */
let dummyHash: string | undefined;
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= await hashPassword('almoner-timing-equaliser');
  await verifyPassword(dummyHash, password);
}
