import { hash, verify } from '@node-rs/argon2'

// argon2id with the library's defaults (19 MiB, 2 passes): about 10 ms a hash here.
export function hashPassword(password: string): Promise<string> {
  return hash(password)
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

// Verifying against this when the e-mail is unknown keeps the answer time the same as for a
// wrong password, so timing does not tell which addresses have accounts.
const decoyHash = hash('decoy password that matches nothing')

export async function spendVerificationTime(password: string): Promise<void> {
  await verifyPassword(await decoyHash, password)
}
