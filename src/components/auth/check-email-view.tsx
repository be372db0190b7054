import { Link } from '@tanstack/react-router'
import { FormAlert } from '#src/components/ui/form-alert.tsx'
import { SecondaryButton } from '#src/components/ui/form-buttons.tsx'
import { AuthCard } from './auth-card.tsx'
import { ResendConfirmation } from './resend-confirmation.tsx'

type CheckEmailViewProps = { email: string; message?: string | undefined; onTryDifferentEmail: () => void }

/** After /signup: shown when the new account has to be confirmed from the e-mail. */
export function CheckEmailView({ email, message, onTryDifferentEmail }: CheckEmailViewProps) {
  return (
    <AuthCard title="Check Your Email">
      <FormAlert tone="success">{message}</FormAlert>
      <p className="text-sm text-fg-body">
        We sent a confirmation link to <strong className="font-semibold wrap-break-word text-fg">{email}</strong>. Open
        it to activate your account, then sign in.
      </p>
      <div className="mt-6 space-y-3">
        <Link
          to="/login"
          className="flex w-full items-center justify-center rounded-lg bg-brand px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand/90 focus-ring"
        >
          Go to Sign In
        </Link>
        <SecondaryButton onClick={onTryDifferentEmail}>Try Different Email</SecondaryButton>
        <ResendConfirmation
          email={email}
          label="Resend confirmation"
          waitingLabel="Resend confirmation: you can ask again in a minute"
        />
      </div>
    </AuthCard>
  )
}
