import { hash, verify } from '@node-rs/argon2';

/**
 * Password hashing with argon2id (docs/product.md §7), OWASP parameters: m=19 MiB, t=2, p=1.
 * The hash string is self-describing, so parameters can be raised later without a migration.
 */
// algorithm 2 = Argon2id (a const enum in @node-rs/argon2's types, not importable here).
const OPTIONS = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** True when `password` matches `passwordHash`; false (never throws) for malformed hashes. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/**
 * Spends the same time as a real verification, so that an unknown e-mail cannot be told apart
 * from a wrong password by timing.
 */
export async function verifyDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword('dummy-password-for-timing-1A');
  await verifyPassword(await dummyHash, password);
}
