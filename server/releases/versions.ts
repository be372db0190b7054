/**
 * Semantic versions (semver.org 2.0.0): MAJOR.MINOR.PATCH with an optional pre-release and build
 * part. Only what the update check needs: parse and order by semver precedence.
 */
const numeric = '0|[1-9]\\d{0,8}'
const preReleasePart = `(?:${numeric}|\\d*[a-zA-Z-][0-9a-zA-Z-]*)`
const versionPattern = new RegExp(
  `^(${numeric})\\.(${numeric})\\.(${numeric})(?:-(${preReleasePart}(?:\\.${preReleasePart})*))?(?:\\+[0-9a-zA-Z-]+(?:\\.[0-9a-zA-Z-]+)*)?$`,
)

type Version = { core: [number, number, number]; preRelease: string[] }

export function isVersion(text: string): boolean {
  return versionPattern.test(text)
}

function parseVersion(text: string): Version {
  const match = versionPattern.exec(text)
  if (!match) throw new Error(`not a semantic version: ${JSON.stringify(text)}`)
  return {
    core: [Number(match[1]), Number(match[2]), Number(match[3])],
    preRelease: match[4] === undefined ? [] : match[4].split('.'),
  }
}

const isNumeric = (identifier: string) => /^\d+$/.test(identifier)

function compareIdentifiers(a: string, b: string): number {
  if (isNumeric(a) && isNumeric(b)) return Math.sign(Number(a) - Number(b))
  // Numeric identifiers always have lower precedence than alphanumeric ones.
  if (isNumeric(a)) return -1
  if (isNumeric(b)) return 1
  return a < b ? -1 : a > b ? 1 : 0
}

/** Negative when `a` precedes `b`, positive when it follows, 0 when equal (build metadata is ignored). */
export function compareVersions(a: string, b: string): number {
  const left = parseVersion(a)
  const right = parseVersion(b)
  for (let index = 0; index < 3; index += 1) {
    const difference = (left.core[index] ?? 0) - (right.core[index] ?? 0)
    if (difference !== 0) return Math.sign(difference)
  }
  // A pre-release precedes its release: 1.0.0-rc.1 < 1.0.0.
  if (left.preRelease.length === 0 || right.preRelease.length === 0)
    return Math.sign(right.preRelease.length - left.preRelease.length)
  const length = Math.min(left.preRelease.length, right.preRelease.length)
  for (let index = 0; index < length; index += 1) {
    const difference = compareIdentifiers(left.preRelease[index] ?? '', right.preRelease[index] ?? '')
    if (difference !== 0) return difference
  }
  return Math.sign(left.preRelease.length - right.preRelease.length)
}
