/** Every text the payment flow can show, in the product's exact words. */
export const paymentMessages = {
  scriptLoadFailed: 'Failed to load Razorpay script',
  orderInvalidResponse: 'Failed to create order: Invalid response from server',
  initFailed: 'Failed to initialize payment',
  cancelledByUser: 'Payment cancelled by user',
  paymentFailed: 'Payment failed',
  accountUpdateFailed: 'Payment was successful but there was an error updating your account. Please contact support.',
} as const
