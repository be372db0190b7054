import { deferredComponent } from '#src/components/deferred/deferred-component.tsx'

// The dialogs of a purchase render only after a click: their code is fetched then, not with the page.
export const SandboxCheckoutDialog = deferredComponent(() =>
  import('#src/payments/sandbox-checkout-dialog.tsx').then((module) => module.SandboxCheckoutDialog),
)
export const PlanChangeDialog = deferredComponent(() =>
  import('./plan-change-dialog.tsx').then((module) => module.PlanChangeDialog),
)
export const PaymentSuccessOverlay = deferredComponent(() =>
  import('./payment-success-overlay.tsx').then((module) => module.PaymentSuccessOverlay),
)
