// `npm run support -- refunds [--limit N] [--json] --as staff@example.com`: payments that need a refund.
// `npm run support -- refunds --refund <order id> <payment id> --as staff@example.com`: gives one back.
import { parseArgs } from 'node:util'
import { listRefunds, refundPayment, type RefundRow } from '#server/support/refunds.ts'
import { withRuntime } from './runtime.ts'
import { CommandRefused, staffMember } from './staff.ts'

const reasons: Record<RefundRow['reason'], string> = {
  'order-already-paid': 'paid twice',
  'owner-erased': 'account deleted',
}

const describe = (refund: RefundRow) =>
  `${refund.orderId}  ${refund.paymentId}  ₹${(refund.amount / 100).toFixed(2)}  ${refund.gateway}  ` +
  `${reasons[refund.reason]}  ${refund.refunded ? 'refunded' : 'to refund'}`

export async function run(args: readonly string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    options: {
      refund: { type: 'boolean', default: false },
      limit: { type: 'string', default: '50' },
      json: { type: 'boolean', default: false },
      as: { type: 'string' },
    },
    strict: true,
    allowPositionals: true,
  })
  const [orderId, paymentId, ...rest] = positionals
  if (values.refund ? !orderId || !paymentId || rest.length > 0 : positionals.length > 0)
    throw new CommandRefused(
      values.refund ? 'Name the order and the payment to refund.' : `Unexpected ${positionals.join(' ')}.`,
    )
  const limit = Number(values.limit)
  if (!Number.isInteger(limit) || limit < 1 || limit > 200) throw new CommandRefused('--limit takes 1 to 200.')
  return withRuntime(async (runtime) => {
    const staffId = await staffMember(runtime, values.as)
    if (values.refund && orderId && paymentId) {
      const staff = { staffId, via: 'cli' as const, requestId: crypto.randomUUID() }
      const refunded = await refundPayment(runtime, staff, { orderId, paymentId })
      console.log(values.json ? JSON.stringify(refunded, null, 2) : describe(refunded))
      return 0
    }
    const refunds = await listRefunds(runtime, { limit })
    if (values.json) console.log(JSON.stringify(refunds, null, 2))
    else if (refunds.length === 0) console.log('No payments to refund.')
    else for (const refund of refunds) console.log(describe(refund))
    return 0
  })
}
