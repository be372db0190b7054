import type { ReactNode } from 'react'
import { track } from '#src/analytics/analytics.ts'
import { formatFileSize } from '#src/lib/file-size.ts'
import type { PlatformBuild } from './platforms.ts'

const buttonBase =
  'mt-6 inline-flex w-full items-center justify-center gap-2 rounded-xl px-5 py-3 text-sm font-semibold'
const disabledButton = `${buttonBase} cursor-not-allowed bg-line text-fg-muted`

/** What the card needs of a catalogue release. */
export type CardRelease = { platform: string; version: string; size: number; sha256: string; url: string }

function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex gap-2">
      <dt className="shrink-0 font-medium">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  )
}

export function PlatformCard({ build, release }: { build: PlatformBuild; release: CardRelease | null }) {
  const onDownload = () => {
    if (!release) return
    track('download_click', 'User Interaction', {
      platform: release.platform,
      version: `v${release.version}`,
      file: release.url,
    })
    track('conversion', 'Conversion', { conversion_type: 'download', platform: release.platform })
  }
  const preparing = build.offered && !release
  return (
    <article className="flex flex-col rounded-2xl border border-line bg-surface p-6 shadow-sm">
      <h3 className="text-xl font-semibold text-fg">{build.title}</h3>
      <p className="mt-1 text-sm text-fg-muted">{build.detail}</p>
      <dl className="mt-4 space-y-1 text-sm text-fg-body">
        {build.offered && release && (
          <>
            <DetailRow label="Version:">{`v${release.version}`}</DetailRow>
            <DetailRow label="Size:">{formatFileSize(release.size)}</DetailRow>
          </>
        )}
        <DetailRow label="Requires:">{build.requirement}</DetailRow>
        {build.offered && release && (
          <DetailRow label="SHA-256:">
            <code data-checksum className="font-mono text-xs break-all">
              {release.sha256}
            </code>
          </DetailRow>
        )}
      </dl>
      {preparing && (
        <p role="status" className="mt-4 text-sm text-fg-body">
          This build is being prepared and will be available here soon. Check back shortly, or ask us for news through
          the contact page.
        </p>
      )}
      <div className="mt-auto">
        {build.offered && release ? (
          <a
            href={release.url}
            target="_blank"
            rel="noopener"
            onClick={onDownload}
            data-download={release.platform}
            className={`${buttonBase} bg-brand text-white shadow-lg shadow-brand/25 hover:bg-brand/90 focus-ring`}
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="size-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d="M12 3v12M7 10l5 5 5-5M5 21h14" />
            </svg>
            Download
          </a>
        ) : (
          <button type="button" disabled className={disabledButton}>
            {preparing ? 'Being Prepared' : 'Coming Soon'}
          </button>
        )}
      </div>
    </article>
  )
}
