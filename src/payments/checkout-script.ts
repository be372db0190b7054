export const razorpayCheckoutUrl = 'https://checkout.razorpay.com/v1/checkout.js'

type ScriptHost = {
  createElement(tag: 'script'): HTMLScriptElement
  head: { appendChild(node: HTMLScriptElement): unknown }
}

let pending: Promise<boolean> | null = null

/**
 * Adds Checkout.js to the page once, on the first real (non-sandbox) order; resolves false when it
 * cannot load. A failed load is forgotten so that the next attempt tries again.
 */
export function loadCheckoutScript(host: ScriptHost = document, src: string = razorpayCheckoutUrl): Promise<boolean> {
  if (typeof window !== 'undefined' && window.Razorpay) return Promise.resolve(true)
  pending ??= new Promise<boolean>((resolve) => {
    const script = host.createElement('script')
    script.src = src
    script.async = true
    script.onload = () => resolve(true)
    script.onerror = () => {
      script.remove()
      pending = null
      resolve(false)
    }
    host.head.appendChild(script)
  })
  return pending
}

/** For tests: forget an earlier load. */
export function resetCheckoutScript(): void {
  pending = null
}
