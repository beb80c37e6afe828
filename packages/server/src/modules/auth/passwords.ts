import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with OWASP's suggested memory and passes.
const options = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, options);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
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
