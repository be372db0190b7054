import { describe, expect, it } from 'vitest'
import { compareVersions, isVersion } from '#server/releases/versions.ts'

describe('semantic versions', () => {
  it('accepts MAJOR.MINOR.PATCH with an optional pre-release and build part, nothing else', () => {
    for (const good of ['1.0.0', '0.0.1', '10.20.30', '1.2.0-beta.1', '1.0.0-rc.1+build.5', '1.0.0+20261124'])
      expect(isVersion(good), good).toBe(true)
    for (const bad of ['', '1', '1.0', 'v1.0.0', '01.0.0', '1.0.0-', '1.0.0-01', '1.0.0.0', ' 1.0.0', '1.0.0 ', 'abc'])
      expect(isVersion(bad), bad).toBe(false)
  })

  it('orders by semver precedence: numbers numerically, a pre-release before its release, build ignored', () => {
    const ordered = [
      '1.0.0-alpha',
      '1.0.0-alpha.1',
      '1.0.0-alpha.beta',
      '1.0.0-beta',
      '1.0.0-beta.2',
      '1.0.0-beta.11',
      '1.0.0-rc.1',
      '1.0.0',
      '1.0.1',
      '1.2.0',
      '1.10.0',
      '2.0.0',
    ]
    for (let index = 0; index + 1 < ordered.length; index += 1) {
      const [lower, higher] = [ordered[index] ?? '', ordered[index + 1] ?? '']
      expect(compareVersions(lower, higher), `${lower} < ${higher}`).toBe(-1)
      expect(compareVersions(higher, lower), `${higher} > ${lower}`).toBe(1)
    }
    expect(compareVersions('1.2.0', '1.2.0')).toBe(0)
    expect(compareVersions('1.2.0+a', '1.2.0+b')).toBe(0)
  })

  it('refuses to compare what is not a version', () => {
    expect(() => compareVersions('1.0', '1.0.0')).toThrow(/not a semantic version/)
  })
})
