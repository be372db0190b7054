import { useMutation, useQuery } from '@tanstack/react-query'
import { useId, useState, type SubmitEvent } from 'react'
import { useAuth } from '#src/auth/auth-context.ts'
import type { User } from '#src/auth/auth-types.ts'
import { errorMessage } from '#src/auth/trpc-errors.ts'
import { FormAlert } from '#src/components/ui/form-alert.tsx'
import { dangerButton, secondaryButton } from '#src/components/ui/form-styles.ts'
import { CodeField } from '#src/components/ui/code-field.tsx'
import { TextField } from '#src/components/ui/text-field.tsx'
import { useTRPC, useTRPCClient } from '#src/trpc/react.ts'
import { EnrolAuthenticator, type EnrolmentSteps } from './enrol-authenticator.tsx'
import { ProfileSection } from './profile-section.tsx'
import { ProviderTwoStepSection } from './provider-two-step-section.tsx'
import { RenewRecoveryCodes } from './renew-recovery-codes.tsx'

type Authenticator = { id: string; name: string; addedAt: string; lastUsedAt: string | null }

/** Two-step sign-in: the authenticator apps, adding one, renaming and removing them. */
export function TwoStepSection({ user }: { user: User }) {
  const { mode } = useAuth()
  if (mode === 'supabase') return <ProviderTwoStepSection />
  if (mode !== 'embedded') return null
  return <EmbeddedTwoStepSection user={user} />
}

function EmbeddedTwoStepSection({ user }: { user: User }) {
  const trpc = useTRPC()
  const client = useTRPCClient()
  const list = useQuery(trpc.accounts.authenticators.queryOptions())
  const steps: EnrolmentSteps = {
    start: (name) => client.accounts.startEnrolment.mutate({ name }),
    confirm: (authenticatorId, code) => client.accounts.confirmEnrolment.mutate({ authenticatorId, code }),
  }
  const authenticators = list.data?.authenticators ?? []
  const refresh = () => void list.refetch()
  return (
    <ProfileSection
      id="two-step-heading"
      title="Two-step sign-in"
      description={
        authenticators.length > 0
          ? `On. Signing in asks for a code from your authenticator app. Recovery codes left: ${list.data?.recoveryCodesLeft ?? 0}.`
          : 'Off. Add an authenticator app, and signing in will also ask for the code it shows, so a stolen password is not enough.'
      }
    >
      <ul className="mb-5 space-y-3">
        {authenticators.map((each) => (
          <AuthenticatorRow
            key={each.id}
            authenticator={each}
            last={authenticators.length === 1}
            hasPassword={user.providers.includes('password')}
            onChanged={refresh}
          />
        ))}
      </ul>
      {authenticators.length > 0 && (
        <div className="mb-5">
          <RenewRecoveryCodes onChanged={refresh} />
        </div>
      )}
      <EnrolAuthenticator steps={steps} onChanged={refresh} />
    </ProfileSection>
  )
}

function AuthenticatorRow({
  authenticator,
  last,
  hasPassword,
  onChanged,
}: {
  authenticator: Authenticator
  last: boolean
  hasPassword: boolean
  onChanged: () => void
}) {
  const trpc = useTRPC()
  const errorId = useId()
  const [editing, setEditing] = useState<'rename' | 'remove' | null>(null)
  const [name, setName] = useState(authenticator.name)
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const done = () => {
    setEditing(null)
    setPassword('')
    setCode('')
    onChanged()
  }
  const failed = (failure: unknown) => setError(errorMessage(failure, 'That did not work. Please try again.'))
  const rename = useMutation(trpc.accounts.renameAuthenticator.mutationOptions({ onSuccess: done, onError: failed }))
  const remove = useMutation(trpc.accounts.removeAuthenticator.mutationOptions({ onSuccess: done, onError: failed }))
  const submit = (event: SubmitEvent) => {
    event.preventDefault()
    setError(null)
    if (editing === 'rename') rename.mutate({ authenticatorId: authenticator.id, name })
    else remove.mutate({ authenticatorId: authenticator.id, ...(last ? { password, code } : {}) })
  }
  return (
    <li className="rounded-lg border border-line p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <p className="font-medium text-fg">{authenticator.name}</p>
          <p className="text-xs text-fg-muted">
            Added {new Date(authenticator.addedAt).toLocaleDateString()}
            {authenticator.lastUsedAt ? `, last used ${new Date(authenticator.lastUsedAt).toLocaleDateString()}` : ''}
          </p>
        </div>
        <div className="flex gap-2">
          <button type="button" className={secondaryButton} onClick={() => setEditing('rename')}>
            Rename
          </button>
          <button type="button" className={secondaryButton} onClick={() => setEditing('remove')}>
            Remove
          </button>
        </div>
      </div>
      {editing && (
        <form noValidate onSubmit={submit} className="mt-3 space-y-3">
          <FormAlert id={errorId} tone="error">
            {error}
          </FormAlert>
          {editing === 'rename' ? (
            <TextField label="New name" value={name} onValueChange={setName} errorId={errorId} />
          ) : (
            <p className="text-sm text-fg-body">
              {last
                ? 'This is your last authenticator: removing it turns two-step sign-in off and signs out your other devices.'
                : 'Removing it signs out your other devices.'}
            </p>
          )}
          {editing === 'remove' && last && (
            <>
              {hasPassword && (
                <TextField
                  label="Password"
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  onValueChange={setPassword}
                  errorId={errorId}
                />
              )}
              <CodeField label="Current 6-digit code" value={code} onValueChange={setCode} errorId={errorId} />
            </>
          )}
          <div className="flex gap-2">
            <button type="submit" className={editing === 'remove' ? dangerButton : secondaryButton}>
              {editing === 'remove' ? 'Remove authenticator' : 'Save name'}
            </button>
            <button type="button" className={secondaryButton} onClick={() => setEditing(null)}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </li>
  )
}
