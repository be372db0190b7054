import { Secret, TOTP } from 'otpauth'
import { toDataURL } from 'qrcode'

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
const period = 30
/** One step of clock skew either way: a code from the step before or after still passes. */
const skewSteps = 1

const totpOf = (secret: string, label = '') =>
  new TOTP({
    issuer: 'Interview Helper',
    label,
    algorithm: 'SHA1',
    digits: 6,
    period,
    secret: Secret.fromBase32(secret),
  })

/** A new shared secret: 20 random bytes (RFC 4226's recommended length), in base32 as apps take it typed in. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32

/** The time step a code belongs to, when it is the code of `secret` at `now` give or take one step. */
export function stepOfCode(secret: string, code: string, now: Date): number | undefined {
  const timestamp = now.getTime()
  const delta = totpOf(secret).validate({ token: code, timestamp, window: skewSteps })
  return delta === null ? undefined : TOTP.counter({ period, timestamp }) + delta
}

/** The code an app shows at `now` (tests and the desktop example compute codes with it). */
export const codeAt = (secret: string, now: Date): string => totpOf(secret).generate({ timestamp: now.getTime() })

/** What the enrolment screen shows: the otpauth:// address and its QR code as a PNG data URL. */
export async function enrolmentPicture(secret: string, accountLabel: string) {
  const otpauthUrl = totpOf(secret, accountLabel).toString()
  return { otpauthUrl, qrCode: await toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 2, width: 240 }) }
}
