import { createFileRoute, Link, useLocation, useRouter } from '@tanstack/react-router'
import { useState, type SubmitEvent } from 'react'
import { useAuth } from '#src/auth/auth-context.ts'
import { uiMessages } from '#src/auth/auth-messages.ts'
import { safeReturnPath } from '#src/auth/navigation-state.ts'
import { signUpFieldInError, validateSignUp, type SignUpForm } from '#src/auth/validation.ts'
import { AuthCard } from '#src/components/auth/auth-card.tsx'
import { CheckEmailView } from '#src/components/auth/check-email-view.tsx'
import { GoogleButton, OrDivider } from '#src/components/auth/google-button.tsx'
import { SignedOutOnly } from '#src/components/signed-out-only.tsx'
import { FormAlert } from '#src/components/ui/form-alert.tsx'
import { SubmitButton } from '#src/components/ui/form-buttons.tsx'
import { TextField } from '#src/components/ui/text-field.tsx'
import { SignUpAgreement } from '#src/components/legal/policy-agreement.tsx'

export const Route = createFileRoute('/signup')({
  head: () => ({ meta: [{ title: 'Sign Up | Interview Helper' }] }),
  component: () => (
    <SignedOutOnly>
      <SignUpPage />
    </SignedOutOnly>
  ),
})

const emptyForm: SignUpForm = { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' }
const errorId = 'signup-error'

function SignUpPage() {
  const auth = useAuth()
  const router = useRouter()
  const from = useLocation({ select: (location) => location.state.from })
  const [form, setForm] = useState<SignUpForm>(emptyForm)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [confirmation, setConfirmation] = useState<{ email: string; message?: string | undefined } | null>(null)
  const [invalidFields, setInvalidFields] = useState<(keyof SignUpForm)[]>([])
  const field = (name: keyof SignUpForm) => ({
    value: form[name],
    onValueChange: (value: string) => setForm((current) => ({ ...current, [name]: value })),
    invalid: invalidFields.includes(name),
    errorId,
  })
  const showError = (message: string | null) => {
    setError(message)
    setInvalidFields(signUpFieldInError(message, form))
  }

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    const invalid = validateSignUp(form)
    if (invalid) {
      showError(invalid)
      return
    }
    showError(null)
    setBusy(true)
    const { confirmPassword: _, ...input } = form
    const result = await auth.signUp(input)
    setBusy(false)
    if (!result.success) {
      showError(result.error || uiMessages.signUpFailed)
      return
    }
    if (result.needsConfirmation) {
      setConfirmation({ email: form.email.trim(), message: result.message })
      return
    }
    await router.navigate({ href: safeReturnPath(from) ?? '/', replace: true })
  }

  const google = async () => {
    showError(null)
    setBusy(true)
    const result = await auth.signInWithGoogle()
    if (!result.success) {
      setBusy(false)
      showError(result.error || uiMessages.googleSignUpFailed)
    }
  }

  if (confirmation) {
    const tryAgain = () => {
      setForm((current) => ({ ...current, email: '', password: '', confirmPassword: '' }))
      setConfirmation(null)
    }
    return <CheckEmailView email={confirmation.email} message={confirmation.message} onTryDifferentEmail={tryAgain} />
  }

  return (
    <AuthCard
      title="Create your account"
      subtitle="Get your real-time AI wingman for interviews."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" className="font-semibold text-brand hover:underline focus-ring">
            Sign in
          </Link>
        </>
      }
    >
      <FormAlert id={errorId} tone="error">
        {error}
      </FormAlert>
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="First name" name="firstName" autoComplete="given-name" {...field('firstName')} />
          <TextField label="Last name" name="lastName" autoComplete="family-name" {...field('lastName')} />
        </div>
        <TextField label="Email" name="email" type="email" autoComplete="email" {...field('email')} />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          {...field('password')}
        />
        <TextField
          label="Confirm password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          {...field('confirmPassword')}
        />
        <p className="text-xs text-fg-muted">
          At least 8 characters with an uppercase letter, a lowercase letter and a number.
        </p>
        <SubmitButton busy={busy} busyLabel="Creating account...">
          Sign Up
        </SubmitButton>
        <SignUpAgreement />
      </form>
      <OrDivider />
      <GoogleButton onClick={() => void google()} disabled={busy} />
    </AuthCard>
  )
}
