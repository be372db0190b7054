import { useSuspenseQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { track } from '#src/analytics/analytics.ts'
import { useTRPC } from '#src/trpc/react.ts'
import { scrollToSection } from '#src/components/marketing/sections.ts'
import { Tabs, tabPanelProps } from '#src/components/ui/tabs.tsx'
import { BrowserCard } from './browser-card.tsx'
import { SystemRequirements, WhatYouGet } from './download-details.tsx'
import { InstallFaq } from './install-faq.tsx'
import { PlatformCard } from './platform-card.tsx'
import { builds, operatingSystems, type OperatingSystem } from './platforms.ts'

export function DownloadPage() {
  const trpc = useTRPC()
  const { data: settings } = useSuspenseQuery(trpc.site.settings.queryOptions())
  const { data: releases } = useSuspenseQuery(trpc.site.releases.queryOptions())
  const [os, setOs] = useState<OperatingSystem>('windows')
  const selectOs = (next: OperatingSystem) => {
    if (next !== os) track('os_selection', 'User Interaction', { os: next })
    setOs(next)
  }

  return (
    <main>
      <section aria-labelledby="download-heading" className="px-4 pt-16 pb-10 text-center sm:px-6 sm:pt-20">
        <h1 id="download-heading" className="text-4xl font-extrabold tracking-tight text-fg sm:text-5xl">
          Download Interview Helper
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-fg-muted">
          Free to download. Unzip it, run it, and your AI interview copilot is ready in minutes.
        </p>
        <button
          type="button"
          onClick={() => scrollToSection('downloads')}
          className="mt-8 inline-flex items-center justify-center rounded-xl bg-brand px-6 py-3 font-semibold text-white shadow-lg shadow-brand/25 hover:bg-brand/90 focus-ring"
        >
          Download Now
        </button>
      </section>

      <section id="downloads" aria-labelledby="downloads-heading" className="scroll-mt-20 px-4 pb-16 sm:px-6">
        <div className="mx-auto max-w-4xl text-center">
          <h2 id="downloads-heading" className="sr-only">
            Downloads
          </h2>
          <Tabs label="Operating system" tabs={operatingSystems} selected={os} onSelect={selectOs} idPrefix="os" />
          <div {...tabPanelProps('os', os)} className="mt-8 grid gap-6 text-left sm:grid-cols-2">
            {/* While this system has no published build, the browser comes first: it is what works today. */}
            {!releases[os] && <BrowserCard />}
            {builds[os].map((build) => (
              <PlatformCard key={build.title} build={build} release={releases[os]} />
            ))}
            {releases[os] && <BrowserCard />}
          </div>
        </div>
      </section>

      <WhatYouGet windowsSize={releases.windows?.size ?? null} />
      <SystemRequirements />
      <InstallFaq supportEmail={settings.supportEmail} desktopPublished={releases.windows !== null} />
    </main>
  )
}
