/**
 * The seller on every invoice and the GST rate. The seller is the operator named on the policy
 * pages (OPERATOR_LEGAL_NAME, OPERATOR_ADDRESS, OPERATOR_GSTIN). Without an address and a GSTIN
 * (development, tests) invoices carry the sample values below, marked SAMPLE so that nobody
 * mistakes such an invoice for a tax document; production refuses to start without them.
 */
import { z } from 'zod'

const sampleSeller = {
  address: 'SAMPLE address, not a real place of business, Bengaluru, Karnataka 560001, India',
  gstin: '29ABCDE1234F1Z5',
} as const

/** GST included in every price, in percent (18 for the 18 % slab); two decimals at most. */
export const gstRatePercent = z.coerce
  .number()
  .min(0)
  .max(28)
  .refine((rate) => Math.abs(rate * 100 - Math.round(rate * 100)) < 1e-9, 'must have at most two decimals')
  .default(18)

/** Letters before the financial year in each invoice number: IH → IH/2026-27/000123. */
export const invoiceNumberPrefix = z
  .string()
  .trim()
  .regex(/^[A-Z0-9]{1,6}$/, 'must be 1 to 6 capital letters or digits, such as IH')
  .default('IH')

type InvoiceEnv = {
  OPERATOR_LEGAL_NAME: string
  OPERATOR_ADDRESS?: string | undefined
  OPERATOR_GSTIN?: string | undefined
  GST_RATE_PERCENT: number
  INVOICE_NUMBER_PREFIX: string
}

export function requireSellerInProduction(env: InvoiceEnv, ctx: z.RefinementCtx): void {
  for (const name of ['OPERATOR_ADDRESS', 'OPERATOR_GSTIN'] as const) {
    if (!env[name])
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: 'is required in production: every payment issues a GST invoice that names the seller',
      })
  }
}

export function invoiceConfigOf(env: InvoiceEnv) {
  const sample = !env.OPERATOR_ADDRESS || !env.OPERATOR_GSTIN
  return {
    seller: {
      name: sample ? `${env.OPERATOR_LEGAL_NAME} (SAMPLE seller for development)` : env.OPERATOR_LEGAL_NAME,
      address: env.OPERATOR_ADDRESS ?? sampleSeller.address,
      gstin: env.OPERATOR_GSTIN ?? sampleSeller.gstin,
    },
    /** True while the address or GSTIN is the sample: the PDF then says so across the page. */
    sellerIsSample: sample,
    /** In basis points (1800 = 18 %), so that tax arithmetic stays in integers. */
    gstRateBasisPoints: Math.round(env.GST_RATE_PERCENT * 100),
    numberPrefix: env.INVOICE_NUMBER_PREFIX,
  }
}
