import type { ReactNode } from 'react'
import { NavBar } from './nav/nav-bar.tsx'
import { SiteFooter } from './footer/site-footer.tsx'
import { AnalyticsTracker } from '#src/analytics/use-analytics.ts'
import { SparkleEffect } from '#src/effects/sparkle-effect.tsx'

/** Every page: the navigation bar above the route's content. */
export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-sunken text-fg">
      <a
        href="#content"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:shadow"
      >
        Skip to content
      </a>
      <NavBar />
      <div id="content" className="flex-1">
        {children}
      </div>
      <SiteFooter />
      <AnalyticsTracker />
      <SparkleEffect />
    </div>
  )
}
