import { router } from '#server/trpc/init.ts'
import { devMailbox } from '#server/trpc/procedures/site/dev-mailbox.ts'
import { sendContactMessage } from '#server/trpc/procedures/site/send-contact-message.ts'
import { releases } from '#server/trpc/procedures/site/releases.ts'
import { settings } from '#server/trpc/procedures/site/site-settings.ts'
import { trackEvent } from '#server/trpc/procedures/site/track-event.ts'

/** What the public site needs: its settings, the published releases, the contact form, first-party analytics, the development mailbox. */
export const siteRouter = router({ settings, releases, sendContactMessage, trackEvent, devMailbox })
