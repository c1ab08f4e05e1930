import argon2 from 'argon2';

/**
 * argon2id with the library's defaults (64 MiB, 3 passes, parallelism 4: above OWASP's minimum).
 * The encoded hash carries its parameters, so raising them later still verifies old hashes.
 */
export const hashPassword = (password: string): Promise<string> => argon2.hash(password, { type: argon2.argon2id });

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** A hash of nothing anyone knows: verified against when the email is unknown, so both paths take as long. */
let decoyHash: Promise<string> | undefined;
export const decoyPasswordHash = (): Promise<string> => (decoyHash ??= hashPassword(`decoy-${Math.random()}`));
