import { createFileRoute, Link, useHydrated, useLocation, useRouter } from '@tanstack/react-router'
import { useState, type SubmitEvent } from 'react'
import { findPlan } from '#app.catalog.ts'
import { analyticsEvents, track } from '#src/analytics/index.ts'
import { useAuth } from '#src/auth/auth-context.ts'
import { uiMessages } from '#src/auth/auth-messages.ts'
import { signInDestination } from '#src/auth/navigation-state.ts'
import { validateSignIn } from '#src/auth/validation.ts'
import { AuthCard } from '#src/components/auth/auth-card.tsx'
import { GoogleButton, OrDivider } from '#src/components/auth/google-button.tsx'
import { ResendConfirmation } from '#src/components/auth/resend-confirmation.tsx'
import { SecondStepForm } from '#src/components/auth/second-step-form.tsx'
import { SignedOutOnly } from '#src/components/signed-out-only.tsx'
import { FormAlert } from '#src/components/ui/form-alert.tsx'
import { SubmitButton } from '#src/components/ui/form-buttons.tsx'
import { TextField } from '#src/components/ui/text-field.tsx'

export const Route = createFileRoute('/login')({
  head: () => ({ meta: [{ title: 'Sign In | Interview Helper' }] }),
  component: () => (
    <SignedOutOnly>
      <LoginPage />
    </SignedOutOnly>
  ),
})

const errorId = 'login-error'

function LoginPage() {
  const auth = useAuth()
  const router = useRouter()
  const carried = useLocation({ select: (location) => location.state })
  // History state exists only in the browser: reading it before hydration would mismatch the server's HTML.
  const hydrated = useHydrated()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [status, setStatus] = useState<'idle' | 'submitting' | 'redirecting'>('idle')
  const [error, setError] = useState<string | null>(null)
  // The address a sign-in was refused for because it is not confirmed yet: a new link can be sent to it.
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null)
  // The password was right and the account asks for a code: the token of that second step.
  const [challengeToken, setChallengeToken] = useState<string | null>(null)
  const plan = hydrated && carried.planType ? findPlan(carried.planType) : undefined
  const notice = hydrated ? carried.message : undefined

  const fail = (message: string, method: 'password' | 'google') => {
    setStatus('idle')
    setError(message)
    track(analyticsEvents.signInFailed, 'Authentication', { method, error: message })
  }

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    const invalid = validateSignIn({ email, password })
    if (invalid) {
      setError(invalid)
      return
    }
    setError(null)
    setUnconfirmed(null)
    setStatus('submitting')
    const result = await auth.signIn(email, password)
    if (!result.success && 'challengeToken' in result && result.challengeToken) {
      setStatus('idle')
      setChallengeToken(result.challengeToken)
      return
    }
    if (!result.success) {
      fail(result.error || uiMessages.signInFailed, 'password')
      if ('unconfirmed' in result) setUnconfirmed(email)
      return
    }
    await signedIn()
  }

  const signedIn = async () => {
    setStatus('redirecting')
    const destination = signInDestination(carried)
    await router.navigate({ href: destination.href, state: destination.state, replace: true })
  }

  const verifySecondStep = async (code: string) => {
    if (!challengeToken) return uiMessages.signInFailed
    const result = await auth.verifySecondStep(challengeToken, code)
    if (!result.success) return result.error || uiMessages.signInFailed
    await signedIn()
    return null
  }

  const google = async () => {
    setError(null)
    setStatus('submitting')
    const result = await auth.signInWithGoogle()
    if (!result.success) fail(result.error || uiMessages.googleSignInFailed, 'google')
  }

  const busy = status !== 'idle'
  return (
    <AuthCard
      title="Welcome back"
      subtitle="Sign in to your Interview Helper account."
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link to="/signup" className="font-semibold text-brand hover:underline focus-ring">
            Sign up, it&apos;s free!
          </Link>
        </>
      }
    >
      {challengeToken ? (
        <SecondStepForm
          verify={verifySecondStep}
          onCancel={() => {
            setChallengeToken(null)
            setPassword('')
          }}
        />
      ) : (
        signInForm()
      )}
    </AuthCard>
  )

  // A plain function, not a component: the fields keep their focus across renders.
  function signInForm() {
    return (
      <>
        <FormAlert tone="info">
          {notice || plan ? (
            <>
              {notice}
              {plan && <span className="mt-1 block font-medium">Selected plan: {plan.name}</span>}
            </>
          ) : null}
        </FormAlert>
        <FormAlert id={errorId} tone="error">
          {error}
        </FormAlert>
        {unconfirmed && (
          <ResendConfirmation
            email={unconfirmed}
            label="Send the link again"
            waitingLabel="Link sent: you can ask again in a minute"
          />
        )}
        <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            onValueChange={setEmail}
            invalid={error !== null}
            errorId={errorId}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            onValueChange={setPassword}
            invalid={error !== null}
            errorId={errorId}
          />
          <div className="flex justify-end">
            <Link to="/reset-password" className="text-sm font-medium text-brand hover:underline focus-ring">
              Forgot Password?
            </Link>
          </div>
          <SubmitButton busy={busy} busyLabel="Signing in...">
            Sign In
          </SubmitButton>
        </form>
        <OrDivider />
        <GoogleButton onClick={() => void google()} disabled={busy} />
      </>
    )
  }
}
