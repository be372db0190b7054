import { router } from '#server/trpc/init.ts'
import { latestRelease } from '#server/trpc/procedures/releases/latest-release.ts'

/** What the desktop app asks about itself: its updates. */
export const desktopAppRouter = router({ latestRelease })
