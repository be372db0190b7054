import type { Kysely, Transaction } from 'kysely'
import type { IssuedInvoice } from '#events/invoices/invoice.ts'
import { keyFor, unseal } from '#events/pii/pii-vault.ts'
import type { Database } from '#server/db/schema.ts'

export type InvoiceBuyer = { name: string; email: string }

/** The buyer's name and address as sealed on the invoice; null once the person's data was erased. */
export async function openInvoiceBuyer(
  executor: Kysely<Database> | Transaction<Database>,
  invoice: IssuedInvoice,
): Promise<InvoiceBuyer | null> {
  if (!invoice.buyer) return null
  const key = await keyFor(executor, invoice.userId)
  const name = unseal(key, invoice.userId, invoice.buyer.name)
  const email = unseal(key, invoice.userId, invoice.buyer.email)
  return name === undefined || email === undefined ? null : { name, email }
}
