import { useMutation, useQuery } from '@tanstack/react-query'
import { useId, useState, type SubmitEvent } from 'react'
import { useAuth } from '#src/auth/auth-context.ts'
import type { AuthResult } from '#src/auth/auth-types.ts'
import type { ProviderFactor, ProviderFactors } from '#src/auth/flows/supabase-factors.ts'
import { errorMessage } from '#src/auth/trpc-errors.ts'
import { FormAlert } from '#src/components/ui/form-alert.tsx'
import { dangerButton, secondaryButton } from '#src/components/ui/form-styles.ts'
import { CodeField } from '#src/components/ui/code-field.tsx'
import { EnrolAuthenticator, type EnrolmentSteps } from './enrol-authenticator.tsx'
import { ProfileSection } from './profile-section.tsx'

/** A provider answer as the forms take it: the value, or a thrown message. */
function unwrap<T extends object>(result: AuthResult<T>): T {
  if (!result.success) throw new Error(result.error)
  return result
}

async function factorsOf(providerFactors: () => Promise<ProviderFactors | null>): Promise<ProviderFactors> {
  const factors = await providerFactors()
  if (!factors) throw new Error('Two-step sign-in is not available on this server.')
  return factors
}

/** Supabase mode: the same section, over Supabase's own TOTP factors (no recovery codes or renaming there). */
export function ProviderTwoStepSection() {
  const { providerFactors } = useAuth()
  const list = useQuery({
    queryKey: ['provider-factors'],
    queryFn: async () => unwrap(await (await factorsOf(providerFactors)).list()).factors,
  })
  const factors = list.data ?? []
  const refresh = () => void list.refetch()
  const steps: EnrolmentSteps = {
    start: async (name) => {
      const { factorId, secret, qrCode } = unwrap(await (await factorsOf(providerFactors)).enrol(name))
      return { authenticatorId: factorId, secret, qrCode }
    },
    confirm: async (factorId, code) => {
      unwrap(await (await factorsOf(providerFactors)).confirm(factorId, code))
      return {}
    },
    discard: async (factorId) => (await factorsOf(providerFactors)).discard(factorId),
  }
  return (
    <ProfileSection
      id="two-step-heading"
      title="Two-step sign-in"
      description={
        factors.length > 0
          ? 'On. Signing in asks for a code from your authenticator app.'
          : 'Off. Add an authenticator app, and signing in will also ask for the code it shows, so a stolen password is not enough.'
      }
    >
      <FormAlert tone="error">
        {list.error ? errorMessage(list.error, 'Your authenticators could not be loaded.') : null}
      </FormAlert>
      <ul className="mb-5 space-y-3">
        {factors.map((factor) => (
          <FactorRow key={factor.id} factor={factor} onChanged={refresh} />
        ))}
      </ul>
      <EnrolAuthenticator steps={steps} onChanged={refresh} />
    </ProfileSection>
  )
}

function FactorRow({ factor, onChanged }: { factor: ProviderFactor; onChanged: () => void }) {
  const { providerFactors } = useAuth()
  const errorId = useId()
  const [removing, setRemoving] = useState(false)
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const remove = useMutation({
    mutationFn: async () => unwrap(await (await factorsOf(providerFactors)).remove(factor.id, code)),
    onMutate: () => setError(null),
    onSuccess: () => {
      setRemoving(false)
      setCode('')
      onChanged()
    },
    onError: (failure) => setError(errorMessage(failure, 'That did not work. Please try again.')),
  })
  return (
    <li className="rounded-lg border border-line p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <p className="font-medium text-fg">{factor.name}</p>
          <p className="text-xs text-fg-muted">Added {new Date(factor.addedAt).toLocaleDateString()}</p>
        </div>
        <button type="button" className={secondaryButton} onClick={() => setRemoving(true)}>
          Remove
        </button>
      </div>
      {removing && (
        <form
          noValidate
          className="mt-3 space-y-3"
          onSubmit={(event: SubmitEvent) => {
            event.preventDefault()
            remove.mutate()
          }}
        >
          <FormAlert id={errorId} tone="error">
            {error}
          </FormAlert>
          <CodeField label="Current 6-digit code" value={code} onValueChange={setCode} errorId={errorId} />
          <div className="flex gap-2">
            <button type="submit" className={dangerButton} disabled={remove.isPending}>
              Remove authenticator
            </button>
            <button type="button" className={secondaryButton} onClick={() => setRemoving(false)}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </li>
  )
}
