import { afterAll } from 'vitest'

type Release = () => unknown

/**
 * Releases after the suite's tests, newest first, what its beforeAll registered as it made each resource.
 * Vitest runs afterAll even when beforeAll failed half-way; only what was made is released then.
 */
export function suiteTeardown(): { add: (release: Release) => void } {
  const releases: Release[] = []
  afterAll(async () => {
    for (const release of releases.reverse()) await release()
  })
  return {
    add: (release) => {
      releases.push(release)
    },
  }
}
