import { useEffect, useState } from 'react'
import { timers } from '#app.catalog.ts'

/** 'Payment Successful!', its text animation starting 500 ms in; the flow then leaves for /dashboard. */
export function PaymentSuccessOverlay() {
  const [showText, setShowText] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setShowText(true), timers.successTextAnimationStart)
    return () => clearTimeout(timer)
  }, [])
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-gray-950/60 p-4">
      <div
        role="status"
        aria-live="polite"
        className="flex w-full max-w-sm flex-col items-center rounded-2xl bg-surface px-6 py-10 text-center shadow-2xl"
      >
        <span aria-hidden="true" className="relative flex size-20 items-center justify-center">
          <span className="absolute inset-0 rounded-full bg-green-400/40 motion-safe:animate-ping" />
          <span className="relative flex size-20 items-center justify-center rounded-full bg-green-500 text-white motion-safe:transition motion-safe:duration-500 motion-safe:starting:scale-50">
            <svg
              viewBox="0 0 24 24"
              className="size-10"
              fill="none"
              stroke="currentColor"
              strokeWidth="3"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d="M5 12.5l4.5 4.5L19 7.5" />
            </svg>
          </span>
        </span>
        {showText && (
          <p className="mt-6 text-2xl font-bold text-fg motion-safe:transition motion-safe:duration-500 motion-safe:starting:translate-y-3 motion-safe:starting:opacity-0">
            Payment Successful!
          </p>
        )}
      </div>
    </div>
  )
}
