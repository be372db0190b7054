import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useState, type SubmitEvent } from 'react'
import { errorMessage } from '#src/auth/trpc-errors.ts'
import { AuthCard } from '#src/components/auth/auth-card.tsx'
import { FormAlert } from '#src/components/ui/form-alert.tsx'
import { SecondaryButton, SubmitButton } from '#src/components/ui/form-buttons.tsx'
import { TextField } from '#src/components/ui/text-field.tsx'
import { useTRPC, useTRPCClient } from '#src/trpc/react.ts'

type ConsentSearch = { state?: string; code_challenge?: string }

export const Route = createFileRoute('/auth/google-sandbox')({
  validateSearch: (search: Record<string, unknown>): ConsentSearch => ({
    ...(typeof search.state === 'string' ? { state: search.state } : {}),
    ...(typeof search.code_challenge === 'string' ? { code_challenge: search.code_challenge } : {}),
  }),
  head: () => ({
    meta: [{ title: 'Sign in with Google (TEST MODE) | Interview Helper' }, { name: 'robots', content: 'noindex' }],
  }),
  component: GoogleSandboxConsentPage,
})

const testAccounts = [
  { email: 'test.user@example.com', fullName: 'Test User' },
  { email: 'priya.sharma@example.com', fullName: 'Priya Sharma' },
] as const

/**
 * The sandbox identity provider's consent screen: it plays Google's part on a server without
 * Supabase, outside production, and sends the browser back to /auth/callback with a one-time code.
 */
function GoogleSandboxConsentPage() {
  const search = Route.useSearch()
  const trpc = useTRPC()
  const client = useTRPCClient()
  const settings = useQuery({ ...trpc.accounts.signInSettings.queryOptions(), staleTime: 'static' })
  const [email, setEmail] = useState<string>(testAccounts[0].email)
  const [fullName, setFullName] = useState<string>(testAccounts[0].fullName)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const { state, code_challenge: challenge } = search

  const backToApp = (query: Record<string, string>) =>
    window.location.assign(`/auth/callback?${new URLSearchParams({ ...query, state: state ?? '' }).toString()}`)

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!challenge) return
    setBusy(true)
    setError(null)
    try {
      const { code } = await client.accounts.sandboxGoogleAuthorize.mutate({ email, fullName, challenge })
      backToApp({ code })
    } catch (failure) {
      setBusy(false)
      setError(errorMessage(failure, 'The test sign-in could not be started. Please try again.'))
    }
  }

  const available = settings.data?.googleSandbox === true
  return (
    <AuthCard
      title="Sign in with Google"
      subtitle={
        <>
          <span className="mr-2 inline-block rounded bg-amber-100 px-2 py-0.5 text-xs font-bold tracking-wide text-warning dark:bg-amber-900/40">
            TEST MODE
          </span>
          No Google account is used: this sandbox signs you in as the test account you choose here.
        </>
      }
    >
      {settings.isPending ? null : !available ? (
        <FormAlert tone="error">Google sign-in is not available on this server.</FormAlert>
      ) : !state || !challenge ? (
        <FormAlert tone="error">
          This sign-in request is incomplete. Please start again from the sign-in page.
        </FormAlert>
      ) : (
        <>
          <FormAlert tone="error">{error}</FormAlert>
          <fieldset className="mb-4">
            <legend className="text-sm font-medium text-fg-body">Test accounts</legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {testAccounts.map((account) => (
                <button
                  key={account.email}
                  type="button"
                  onClick={() => {
                    setEmail(account.email)
                    setFullName(account.fullName)
                  }}
                  className="rounded-full border border-control px-3 py-1 text-sm text-fg-strong hover:bg-subtle focus-ring"
                >
                  {account.fullName}
                </button>
              ))}
            </div>
          </fieldset>
          <form onSubmit={(event) => void submit(event)} className="space-y-4">
            <TextField
              label="Test Google account e-mail"
              type="email"
              value={email}
              onValueChange={setEmail}
              required
            />
            <TextField label="Name" value={fullName} onValueChange={setFullName} required />
            <SubmitButton busy={busy} busyLabel="Signing in...">
              Continue as this test account
            </SubmitButton>
            <SecondaryButton onClick={() => backToApp({ error: 'access_denied' })} disabled={busy}>
              Cancel
            </SecondaryButton>
          </form>
        </>
      )}
    </AuthCard>
  )
}
