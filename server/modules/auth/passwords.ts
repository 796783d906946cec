import { hash, verify } from '@node-rs/argon2';

// OWASP's minimum for argon2id: 19 MiB of memory, 2 passes, 1 lane.
// algorithm 2 is Argon2id (the package's enum is a const enum that isolated modules cannot import).
const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2ID);

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without a hash (unknown e-mail) it still verifies against a
 * dummy one, so that the answer takes the same time and does not reveal which accounts exist.
 */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('podium-timing-equaliser');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
