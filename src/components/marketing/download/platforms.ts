import type { ReleasePlatform } from '#rules/release-platforms.ts'

/** The platforms /download offers: Windows from the release catalogue, the others coming soon. */
export const operatingSystems = [
  { id: 'windows', label: 'Windows' },
  { id: 'mac', label: 'macOS' },
  { id: 'linux', label: 'Linux' },
] as const satisfies readonly { id: ReleasePlatform; label: string }[]
export type OperatingSystem = (typeof operatingSystems)[number]['id']

export type PlatformBuild = {
  title: string
  detail: string
  requirement: string
  /** Offered here once the catalogue has a release of it; otherwise marked coming soon. */
  offered: boolean
}

export const builds: Record<OperatingSystem, readonly PlatformBuild[]> = {
  windows: [
    {
      title: 'Windows 11/10',
      detail: 'Portable zip: extract and run, no installer',
      requirement: 'Windows 10 (64-bit) or later',
      offered: true,
    },
  ],
  mac: [
    {
      title: 'macOS (Intel)',
      detail: 'For Macs with an Intel processor',
      requirement: 'macOS 10.15+',
      offered: false,
    },
    {
      title: 'macOS (Apple Silicon)',
      detail: 'For Macs with M-series chips',
      requirement: 'macOS 11.0+',
      offered: false,
    },
  ],
  linux: [
    { title: 'Ubuntu/Debian', detail: '.deb package', requirement: 'Ubuntu 18.04+ / Debian 10+', offered: false },
    { title: 'AppImage', detail: 'A single file for any distro', requirement: 'Any distro', offered: false },
  ],
}

export const systemRequirements: readonly { label: string; value: string }[] = [
  { label: 'Operating system', value: 'Windows 10 (64-bit) or later' },
  { label: 'Memory', value: '4 GB RAM' },
  { label: 'Disk space', value: '100 MB free disk space' },
  { label: 'Audio', value: 'An audio input device (microphone)' },
]
