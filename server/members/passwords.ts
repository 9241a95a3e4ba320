import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (19 MiB, 2 passes: OWASP's minimum for argon2id).

/** Algorithm.Argon2id: the package's enum is a const enum, which isolated modules cannot read. */
const ARGON2ID = 2;

export function hashPassword(password: string): Promise<string> {
  // eslint-disable-next-line @typescript-eslint/no-unsafe-enum-assignment -- the const enum cannot be imported (see ARGON2ID)
  return hash(password, { algorithm: ARGON2ID });
}

export async function passwordMatches(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash never matches; the reason is not the caller's business.
    return false;
  }
}

let decoy: Promise<string> | undefined;

/** Spends the same time as a real check, so "no such name" cannot be told apart by timing. */
export async function spendPasswordCheck(password: string): Promise<void> {
  decoy ??= hashPassword('decoy password for unknown usernames');
  await passwordMatches(await decoy, password);
}
