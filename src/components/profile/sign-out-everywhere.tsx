import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { errorMessage } from '#src/auth/trpc-errors.ts'
import { FormAlert } from '#src/components/ui/form-alert.tsx'
import { useTRPC } from '#src/trpc/react.ts'
import { useSignOut } from '#src/components/nav/use-sign-out.ts'
import { ProfileSection } from './profile-section.tsx'
import { Button } from '#src/components/ui/button.tsx'

/** accounts.signOutEverywhere, then this browser signs out too. */
export function SignOutEverywhere() {
  const trpc = useTRPC()
  const { signOut } = useSignOut()
  const [error, setError] = useState<string | null>(null)
  const everywhere = useMutation(
    trpc.accounts.signOutEverywhere.mutationOptions({
      onMutate: () => setError(null),
      onSuccess: () => signOut(),
      onError: (failure) => setError(errorMessage(failure, 'Signing out of all devices failed. Please try again.')),
    }),
  )
  return (
    <ProfileSection
      id="devices-heading"
      title="Devices"
      description="Signed in on a computer you no longer use? End every session, the desktop app's included; each device has to sign in again."
    >
      <FormAlert tone="error">{error}</FormAlert>
      <Button
        variant="secondary"

        onClick={() => everywhere.mutate()}
        disabled={everywhere.isPending}
      >
        {everywhere.isPending ? 'Signing out...' : 'Sign out of all devices'}
      </Button>
    </ProfileSection>
  )
}
