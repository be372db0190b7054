import type { AppConfig } from '#app.config.ts'
import type { PaymentGateway } from './payment-gateway.ts'
import { createRazorpayGateway } from './razorpay-gateway.ts'
import { createSandboxGateway, type SandboxGateway } from './sandbox-gateway.ts'

export type Payments = { gateway: PaymentGateway; sandbox: SandboxGateway | undefined }

/** Razorpay when its keys are configured; otherwise the sandbox (app.config.ts refuses that in production). */
export function createPayments(config: AppConfig): Payments {
  if (config.payments.mode === 'razorpay')
    return { gateway: createRazorpayGateway(config.payments), sandbox: undefined }
  const sandbox = createSandboxGateway(config.database.dataDir)
  return { gateway: sandbox.gateway, sandbox }
}
