/**
 * What a purchase runs once a signed-in person has chosen a plan: fetched with `import()` on that
 * click, not with the pricing section, so a first visit does not load it (decision 0063).
 */
export { loadCheckoutScript } from './checkout-script.ts'
export { paymentAnalyticsEvents } from './payment-analytics.ts'
export { runPayment } from './payment-flow.ts'
export { checkoutFields, checkoutPrefill, openRazorpayCheckout } from './razorpay-checkout.ts'
