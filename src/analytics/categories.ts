import type { inferRouterInputs } from '@trpc/server'
import type { AppRouter } from '#server/trpc/router.ts'

type TrackInput = inferRouterInputs<AppRouter>['site']['trackEvent']

/** The event categories; the server accepts exactly these. */
export type AnalyticsCategory = TrackInput['category']
export type AnalyticsEventName = TrackInput['name']

/** The named events (page views are sent by the page-view tracker). */
export const analyticsEvents = {
  ctaClick: 'cta_click',
  navigationClick: 'navigation_click',
  downloadClick: 'download_click',
  osSelection: 'os_selection',
  footerLink: 'footer_link',
  signInFailed: 'sign_in_failed',
  conversion: 'conversion',
  pageView: 'page_view',
} as const satisfies Record<string, AnalyticsEventName>

export type AnalyticsParams = Record<string, string | number | boolean | null>

export type AnalyticsEvent = { name: AnalyticsEventName; category: AnalyticsCategory; params?: AnalyticsParams }
