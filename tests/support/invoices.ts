import { extractText, getDocumentProxy } from 'unpdf'
import type { Runtime } from '#server/runtime.ts'
import { createTestOrder } from './test-order.ts'

/** The text of every page of a PDF, joined, as a reader would extract it. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(bytes))
  const { text } = await extractText(document, { mergePages: true })
  return text
}

/** A sandbox order of the given plan and amount for the person, as checkout creates it. */
export async function createOrderFor(runtime: Runtime, userId: string, orderId: string, amount = 9900) {
  await createTestOrder(runtime, userId, { orderId, amount })
}
