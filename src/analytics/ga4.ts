import type { AnalyticsSink } from './analytics.ts'
import { currentDimensions, onDimensionsChange } from './dimensions.ts'

type Gtag = (...args: unknown[]) => void

declare global {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only an interface merges into the DOM's Window
  interface Window {
    dataLayer?: unknown[]
    gtag?: Gtag
  }
}

const measurementIdPattern = /^G-[A-Z0-9]{4,20}$/

/**
 * Loads gtag.js for a GA4 property and answers the sink that sends our events to it. Page views
 * are ours (sent 100 ms after each navigation), so gtag's automatic one is off.
 */
export function startGa4(measurementId: string): { sink: AnalyticsSink; stop: () => void } {
  if (!measurementIdPattern.test(measurementId)) throw new Error(`Not a GA4 measurement id: ${measurementId}`)
  window.dataLayer = window.dataLayer ?? []
  const gtag: Gtag =
    window.gtag ??
    function gtag() {
      // eslint-disable-next-line prefer-rest-params -- gtag.js reads the arguments object itself and ignores an array
      window.dataLayer?.push(arguments)
    }
  window.gtag = gtag
  if (!document.querySelector('script[data-gtag]')) {
    const script = document.createElement('script')
    script.async = true
    script.dataset.gtag = measurementId
    script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`
    document.head.appendChild(script)
    gtag('js', new Date())
  }
  gtag('config', measurementId, { send_page_view: false })
  gtag('set', 'user_properties', currentDimensions())
  const stop = onDimensionsChange((dimensions) => gtag('set', 'user_properties', dimensions))
  const sink: AnalyticsSink = (event) => {
    gtag('event', event.name, { event_category: event.category, ...event.params })
  }
  return { sink, stop }
}
