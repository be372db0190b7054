import { useMutation } from '@tanstack/react-query'
import { useId, useState, type SubmitEvent } from 'react'
import { useAuth } from '#src/auth/auth-context.ts'
import type { User } from '#src/auth/auth-types.ts'
import { errorMessage } from '#src/auth/trpc-errors.ts'
import { FormAlert } from '#src/components/ui/form-alert.tsx'
import { primaryButton } from '#src/components/ui/form-styles.ts'
import { TextField } from '#src/components/ui/text-field.tsx'
import { useTRPC } from '#src/trpc/react.ts'
import { ProfileSection } from './profile-section.tsx'
import { validateProfileName } from './profile-rules.ts'

export function NameForm({ user }: { user: User }) {
  const trpc = useTRPC()
  const { refreshUser } = useAuth()
  const errorId = useId()
  const [firstName, setFirstName] = useState(user.firstName)
  const [lastName, setLastName] = useState(user.lastName)
  const [error, setError] = useState<string | null>(null)
  const [saved, setSaved] = useState(false)
  const update = useMutation(
    trpc.accounts.updateProfile.mutationOptions({
      onSuccess: async () => {
        setSaved(true)
        // The navigation and the dashboard read the name from the signed-in account.
        await refreshUser()
      },
      onError: (failure) => setError(errorMessage(failure, 'Your name could not be saved. Please try again.')),
    }),
  )
  const submit = (event: SubmitEvent) => {
    event.preventDefault()
    setSaved(false)
    const problem = validateProfileName({ firstName, lastName })
    setError(problem)
    if (!problem) update.mutate({ firstName: firstName.trim(), lastName: lastName.trim() })
  }
  return (
    <ProfileSection id="name-heading" title="Your name" description="Shown in the app and on your account.">
      <form onSubmit={submit} noValidate>
        <FormAlert id={errorId} tone="error">
          {error}
        </FormAlert>
        <FormAlert tone="success">{saved ? 'Your name was saved.' : null}</FormAlert>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="First name"
            autoComplete="given-name"
            value={firstName}
            onValueChange={setFirstName}
            invalid={error !== null && /first|fill/i.test(error)}
            errorId={errorId}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            value={lastName}
            onValueChange={setLastName}
            invalid={error !== null && /last|fill/i.test(error)}
            errorId={errorId}
          />
        </div>
        <button type="submit" className={`${primaryButton} mt-4`} disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save name'}
        </button>
      </form>
    </ProfileSection>
  )
}
