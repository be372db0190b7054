import { createFileRoute } from '@tanstack/react-router'
import { handleReleaseDownload } from '#server/routes/release-download-route.ts'
import { getRuntime } from '#server/runtime.ts'

export const Route = createFileRoute('/downloads/$')({
  server: {
    handlers: {
      GET: async ({ request, params }) => handleReleaseDownload(await getRuntime(), request, params._splat ?? ''),
      HEAD: async ({ request, params }) => handleReleaseDownload(await getRuntime(), request, params._splat ?? ''),
    },
  },
})
