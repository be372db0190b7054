import { track } from '#src/analytics/analytics.ts'
import type { PlatformBuild } from './platforms.ts'

const buttonBase =
  'mt-6 inline-flex w-full items-center justify-center gap-2 rounded-xl px-5 py-3 text-sm font-semibold'

export function PlatformCard({ build, downloadUrl }: { build: PlatformBuild; downloadUrl: string }) {
  const onDownload = () => {
    track('download_click', 'User Interaction', {
      platform: 'windows',
      version: build.version ?? '',
      file: downloadUrl,
    })
    track('conversion', 'Conversion', { conversion_type: 'download', platform: 'windows' })
  }
  return (
    <article className="flex flex-col rounded-2xl border border-gray-200 bg-white p-6 shadow-sm dark:border-gray-800 dark:bg-gray-900">
      <h3 className="text-xl font-semibold text-gray-900 dark:text-white">{build.title}</h3>
      <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">{build.detail}</p>
      <dl className="mt-4 space-y-1 text-sm text-gray-700 dark:text-gray-300">
        {build.version && (
          <div className="flex gap-2">
            <dt className="font-medium">Version:</dt>
            <dd>{build.version}</dd>
          </div>
        )}
        {build.size && (
          <div className="flex gap-2">
            <dt className="font-medium">Size:</dt>
            <dd>{build.size}</dd>
          </div>
        )}
        <div className="flex gap-2">
          <dt className="font-medium">Requires:</dt>
          <dd>{build.requirement}</dd>
        </div>
      </dl>
      <div className="mt-auto">
        {build.available ? (
          <a
            href={downloadUrl}
            target="_blank"
            rel="noopener"
            onClick={onDownload}
            data-download="windows"
            className={`${buttonBase} bg-brand text-white shadow-lg shadow-brand/25 hover:bg-brand/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand`}
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
          <button
            type="button"
            disabled
            className={`${buttonBase} cursor-not-allowed bg-gray-200 text-gray-600 dark:bg-gray-800 dark:text-gray-400`}
          >
            Coming Soon
          </button>
        )}
      </div>
    </article>
  )
}
