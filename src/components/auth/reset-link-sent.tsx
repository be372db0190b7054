import { Link } from '@tanstack/react-router'
import { FormAlert } from '#src/components/ui/form-alert.tsx'
import { SecondaryButton } from '#src/components/ui/form-buttons.tsx'
import { AuthCard } from './auth-card.tsx'

/** Password reset: the success view after a link was requested, with 'Try again'. */
export function ResetLinkSent({ message, onTryAgain }: { message: string; onTryAgain: () => void }) {
  return (
    <AuthCard title="Check Your Email">
      <FormAlert tone="success">{message}</FormAlert>
      <p className="text-sm text-fg-muted">
        The link works once and expires soon. Did not get it? Check the spam folder, or try again.
      </p>
      <div className="mt-6 space-y-3">
        <SecondaryButton onClick={onTryAgain}>Try again</SecondaryButton>
        <Link to="/login" className="block text-center text-sm font-semibold text-brand hover:underline focus-ring">
          Back to Sign In
        </Link>
      </div>
    </AuthCard>
  )
}
