import { useQuery } from '@tanstack/react-query'
import { useLocation } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { timers } from '#app.catalog.ts'
import { useAuth } from '#src/auth/auth-context.ts'
import { useTRPC } from '#src/trpc/react.ts'
import { track, replaceAnalyticsSinks } from './analytics.ts'
import { analyticsEvents } from './categories.ts'
import { setAnalyticsDimensions } from './dimensions.ts'
import { startGa4 } from './ga4.ts'
import { pageTitleFor } from './page-titles.ts'

/** GA4 when the server has a measurement id, else the first-party log that is already in place. */
function useAnalyticsDestination() {
  const trpc = useTRPC()
  const measurementId = useQuery(trpc.site.settings.queryOptions()).data?.gaMeasurementId
  useEffect(() => {
    if (!measurementId) return
    const ga4 = startGa4(measurementId)
    const restore = replaceAnalyticsSinks(ga4.sink)
    return () => {
      restore()
      ga4.stop()
    }
  }, [measurementId])
}

function useDimensions() {
  const { user, subscription } = useAuth()
  const plan = subscription?.isActive ? subscription.planType : 'none'
  useEffect(() => {
    setAnalyticsDimensions({
      user_type: !user ? 'visitor' : plan === 'none' ? 'registered' : 'subscriber',
      subscription_plan: plan,
      ...(user ? {} : { interview_count: 0 }),
    })
  }, [user, plan])
}

/**
 * A page view with the path's title, 100 ms after each navigation (and the first load).
 * A quick second navigation does not cancel the first one's view: each navigation is reported.
 */
function usePageViews() {
  const pathname = useLocation({ select: (location) => location.pathname })
  const pending = useRef(new Set<number>())
  useEffect(() => {
    const timer = window.setTimeout(() => {
      pending.current.delete(timer)
      track(analyticsEvents.pageView, 'Navigation', { page_path: pathname, page_title: pageTitleFor(pathname) })
    }, timers.analyticsPageViewDelay)
    pending.current.add(timer)
  }, [pathname])
  useEffect(() => {
    const scheduled = pending.current
    return () => scheduled.forEach((timer) => window.clearTimeout(timer))
  }, [])
}

export function AnalyticsTracker() {
  useAnalyticsDestination()
  useDimensions()
  usePageViews()
  return null
}
