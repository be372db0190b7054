import { z } from 'zod'

/** The analytics categories and event names the pages may send; anything else is refused. */
const analyticsCategories = [
  'Authentication',
  'User Interaction',
  'Subscription',
  'Interview',
  'Navigation',
  'Conversion',
  'Error',
] as const
const analyticsEventNames = [
  'page_view',
  'cta_click',
  'navigation_click',
  'download_click',
  'os_selection',
  'footer_link',
  'sign_in_failed',
  'conversion',
  'sign_up',
  'login',
  'purchase',
  'payment_failed',
  'exception',
] as const

export const trackInput = z.object({
  name: z.enum(analyticsEventNames),
  category: z.enum(analyticsCategories),
  params: z
    .record(z.string().max(40), z.union([z.string().max(500), z.number(), z.boolean(), z.null()]))
    .refine((params) => Object.keys(params).length <= 25, 'at most 25 parameters')
    .default({}),
})
