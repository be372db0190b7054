/** The platforms the desktop app is (or will be) built for; the download page and the release catalogue share them. */
export const releasePlatforms = ['windows', 'mac', 'linux'] as const
export type ReleasePlatform = (typeof releasePlatforms)[number]
