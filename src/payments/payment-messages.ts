/** Spec §8 "Payment": every text the payment flow can show, word for word. */
export const paymentMessages = {
  scriptLoadFailed: 'Failed to load Razorpay script',
  orderInvalidResponse: 'Failed to create order: Invalid response from server',
  initFailed: 'Failed to initialize payment',
  cancelledByUser: 'Payment cancelled by user',
  paymentFailed: 'Payment failed',
  accountUpdateFailed: 'Payment was successful but there was an error updating your account. Please contact support.',
} as const
