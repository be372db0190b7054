import { extractText, getDocumentProxy } from 'unpdf'
import { orderAggregate } from '#events/orders/order-decider.ts'
import { handleCommand } from '#events/store/command-handler.ts'
import type { Runtime } from '#server/runtime.ts'

/** The text of every page of a PDF, joined, as a reader would extract it. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(bytes))
  const { text } = await extractText(document, { mergePages: true })
  return text
}

/** A sandbox order of the given plan and amount for the person, as checkout creates it. */
export async function createOrderFor(runtime: Runtime, userId: string, orderId: string, amount = 9900) {
  await runtime.store.transaction((tx) =>
    handleCommand(
      tx,
      orderAggregate,
      orderId,
      {
        type: 'CreateOrder',
        owner: { userId, erased: false },
        data: {
          orderId,
          userId,
          planType: 'starter',
          billingCycle: 'monthly',
          amount,
          currency: 'INR',
          gateway: 'sandbox',
          receipt: 'r',
          change: { kind: 'new', listPrice: amount, credit: 0, fromPlan: null },
        },
      },
      { actor: { type: 'system' }, userId },
    ),
  )
}
