// `npm run support -- deliveries [--failed|--pending] [--limit N] [--json] --as staff@example.com`: Razorpay deliveries.
// `npm run support -- deliveries --retry <razorpay event id> --as staff@example.com`: processes a failed one again.
import { parseArgs } from 'node:util'
import { retryDelivery } from '#server/support/retry-delivery.ts'
import { listDeliveries, type DeliveryRow } from '#server/support/webhook-delivery-list.ts'
import { withRuntime } from './runtime.ts'
import { CommandRefused, staffMember } from './staff.ts'

function describe(delivery: DeliveryRow): string[] {
  const lines = [
    `${delivery.deliveryId}  ${delivery.eventType}  order ${delivery.orderId ?? '-'}  received ${delivery.receivedAt}  ` +
      `attempts ${delivery.attempts}  ${delivery.outcome}${delivery.outcomeDetail ? ` (${delivery.outcomeDetail})` : ''}`,
  ]
  if (delivery.lastError) lines.push(`    last error: ${delivery.lastError}`)
  if (delivery.inngestRunUrl) lines.push(`    Inngest run: ${delivery.inngestRunUrl}`)
  for (const event of delivery.causedEvents)
    lines.push(`    caused ${event.type} on ${event.streamId} at ${event.globalPosition} (${event.eventId})`)
  return lines
}

export async function run(args: readonly string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    options: {
      failed: { type: 'boolean', default: false },
      pending: { type: 'boolean', default: false },
      limit: { type: 'string', default: '50' },
      retry: { type: 'string' },
      json: { type: 'boolean', default: false },
      as: { type: 'string' },
    },
    strict: true,
    allowPositionals: true,
  })
  if (positionals.length > 0) throw new CommandRefused(`Unexpected ${positionals.join(' ')}.`)
  if (values.failed && values.pending) throw new CommandRefused('Choose --failed or --pending, not both.')
  const limit = Number(values.limit)
  if (!Number.isInteger(limit) || limit < 1 || limit > 200) throw new CommandRefused('--limit takes 1 to 200.')
  return withRuntime(async (runtime) => {
    const by = await staffMember(runtime, values.as)
    if (values.retry !== undefined) {
      const retried = await retryDelivery(runtime, values.retry, by)
      if (values.json) console.log(JSON.stringify(retried, null, 2))
      else {
        console.log(`Retried ${values.retry} ${retried.via === 'inngest' ? 'through Inngest' : 'in this process'}:`)
        for (const line of describe(retried.delivery)) console.log(line)
      }
      return 0
    }
    const filter = values.failed ? 'failed' : values.pending ? 'pending' : 'all'
    const deliveries = await listDeliveries(runtime, { filter, limit })
    if (values.json) console.log(JSON.stringify(deliveries, null, 2))
    else if (deliveries.length === 0) console.log(`No ${filter === 'all' ? '' : `${filter} `}deliveries.`)
    else for (const delivery of deliveries) for (const line of describe(delivery)) console.log(line)
    return 0
  })
}
