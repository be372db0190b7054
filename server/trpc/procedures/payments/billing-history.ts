import { z } from 'zod'
import { viewsFresh } from '#server/views-fresh.ts'
import { signedInProcedure } from '#server/trpc/init.ts'
import { billingEntrySchema } from '#server/trpc/schemas/payments.ts'

export const billingHistory = signedInProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/billing/history',
      operationId: 'billing-history',
      tags: ['payments'],
      summary: 'Orders and payments, newest first',
      protect: true,
    },
  })
  .input(z.void())
  .output(z.object({ entries: z.array(billingEntrySchema) }))
  .query(async ({ ctx }) => {
    await viewsFresh(ctx.runtime)
    const rows = await ctx.db
      .selectFrom('orders_view')
      .leftJoin('invoices_view', 'invoices_view.order_id', 'orders_view.order_id')
      .selectAll('orders_view')
      .select('invoices_view.invoice_number')
      .where('orders_view.user_id', '=', ctx.user.id)
      .orderBy('orders_view.created_at', 'desc')
      .limit(100)
      .execute()
    return {
      entries: rows.map((row) => ({
        orderId: row.order_id,
        planType: row.plan_type,
        amount: row.amount,
        currency: row.currency,
        status: row.status,
        paymentId: row.payment_id,
        failureReason: row.failure_reason,
        refundDuePaymentIds: row.duplicate_payment_ids,
        createdAt: new Date(row.created_at).toISOString(),
        paidAt: row.paid_at ? new Date(row.paid_at).toISOString() : null,
        testMode: row.gateway === 'sandbox',
        invoiceNumber: row.invoice_number,
      })),
    }
  })
