import { createHmac, timingSafeEqual } from 'node:crypto'

export function hmacSha256Hex(secret: string | Uint8Array, message: string): string {
  return createHmac('sha256', secret).update(message).digest('hex')
}

/** Compares in constant time, so the time taken tells nothing about how much of a forgery matched. */
export function signatureMatches(expectedHex: string, givenHex: string): boolean {
  const expected = Buffer.from(expectedHex, 'utf8')
  const given = Buffer.from(givenHex, 'utf8')
  return expected.length === given.length && timingSafeEqual(expected, given)
}

/** Razorpay Checkout's signature: HMAC-SHA256 of "order_id|payment_id" with the key secret. */
export function checkoutSignature(secret: string | Uint8Array, orderId: string, paymentId: string): string {
  return hmacSha256Hex(secret, `${orderId}|${paymentId}`)
}
