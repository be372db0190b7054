import type { AppConfig } from '#app.config.ts'

type Directives = Record<string, string[]>

/** Checkout.js, the checkout frame it opens, and the calls it makes from our page. */
const razorpay = {
  script: ['https://checkout.razorpay.com'],
  frame: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
  connect: ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
  img: ['https://cdn.razorpay.com'],
}

/** gtag.js and the hits it sends, as Google lists them for GA4 under a CSP. */
const googleAnalytics = {
  script: ['https://*.googletagmanager.com'],
  connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
  img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
}

export type PolicyOptions = Pick<AppConfig, 'payments' | 'site' | 'auth'>

/**
 * Pages whose third-party renderer injects <style> elements it cannot give a nonce to (Scalar's API
 * reference: its theme and its toasts). Their scripts stay as strict as every other page's.
 */
const pagesWithInjectedStyles: ReadonlySet<string> = new Set(['/docs/api'])

/**
 * The policy of a page: scripts and stylesheets from this site, inline scripts only with this
 * answer's nonce, and the third parties the configuration turns on (Razorpay's checkout, GA4, the
 * Supabase project). Style attributes are allowed (React renders a few computed ones); style
 * elements are not, except on the pages listed above. Nothing may frame the page.
 */
export function pagePolicy(config: PolicyOptions, nonce: string, pathname = '/'): string {
  const paid = config.payments.mode === 'razorpay'
  const analytics = config.site.gaMeasurementId !== undefined
  const supabase = config.auth.supabase ? [new URL(config.auth.supabase.url).origin] : []
  const directives: Directives = {
    'default-src': ["'self'"],
    // blob: for the practice console's audio worklet, which is built in the page from a string;
    // 'wasm-unsafe-eval' for the live page's voice-activity model, which runs on WebAssembly
    // served from this site (it allows compiling WebAssembly, not evaluating strings as script).
    'script-src': [
      "'self'",
      `'nonce-${nonce}'`,
      'blob:',
      "'wasm-unsafe-eval'",
      ...(paid ? razorpay.script : []),
      ...(analytics ? googleAnalytics.script : []),
    ],
    'style-src': ["'self'", ...(pagesWithInjectedStyles.has(pathname) ? ["'unsafe-inline'"] : [])],
    'style-src-attr': ["'unsafe-inline'"],
    'img-src': ["'self'", 'data:', ...(paid ? razorpay.img : []), ...(analytics ? googleAnalytics.img : [])],
    'font-src': ["'self'"],
    'connect-src': [
      "'self'",
      ...supabase,
      ...(paid ? razorpay.connect : []),
      ...(analytics ? googleAnalytics.connect : []),
    ],
    'frame-src': paid ? razorpay.frame : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  }
  return serialise(directives)
}

/** The policy of everything that is not a page (API answers, files, error bodies): it may load nothing. */
export const resourcePolicy = serialise({
  'default-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
})

function serialise(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ')
}
