/**
 * What never reaches the log. Fields are censored by name wherever they sit (pino's redact paths,
 * top level and nested); e-mail addresses and tokens are also censored inside any string, because
 * they arrive in places no field name announces: a database error's detail, a link, a stack.
 */
export const censor = '[redacted]'

const secretFieldNames = [
  'authorization',
  'cookie',
  'set-cookie',
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'accessToken',
  'refreshToken',
  'resetToken',
  'access_token',
  'refresh_token',
  'apiKey',
  'secret',
  'signature',
  'x-razorpay-signature',
  'razorpay_signature',
  'email',
  'to',
]

/** Where a secret's name is looked for: the top level and objects nested up to three deep (pino has no `**`). */
const levels = ['', '*.', '*.*.', '*.*.*.']

/** pino `redact` paths for every secret name at every level. */
export const redactPaths = secretFieldNames.flatMap((name) =>
  /^[A-Za-z_]\w*$/.test(name)
    ? levels.map((level) => `${level}${name}`)
    : levels.map((level) => `${level.slice(0, -1)}["${name}"]`),
)

// Characters a JSON string escapes (quote, backslash) end a match, so a replacement never breaks the line.
const emailAddress = /[\w.%+-]+@[A-Za-z\d-]+(?:\.[A-Za-z\d-]+)*\.[A-Za-z]{2,}/g
const bearerCredential = /\b(Bearer\s+)[^\s"\\,;]+/gi
const jsonWebToken = /\beyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]*/g
const tokenParameter = /\b((?:access_|refresh_|reset_)?token=)[^\s"\\&#]+/gi
const mayHoldCredential = /bearer|eyJ|token=/i

/**
 * Censors e-mail addresses and credentials inside one finished log line (JSON text). Most lines hold
 * neither an `@` nor a token: the address pattern, which retries at every letter of a long word, runs
 * only on a line with an `@`, and the token patterns only on one with their fixed part.
 */
export function scrubLine(line: string): string {
  let scrubbed = line.includes('@') ? line.replace(emailAddress, '[email]') : line
  if (mayHoldCredential.test(scrubbed))
    scrubbed = scrubbed
      .replace(bearerCredential, `$1${censor}`)
      .replace(jsonWebToken, censor)
      .replace(tokenParameter, `$1${censor}`)
  return scrubbed
}
