import { useState } from 'react'
import { useAuth } from '#src/auth/auth-context.ts'
import type { User } from '#src/auth/auth-types.ts'
import { planLabel } from '#src/payments/subscription-display.ts'
import { useSignOut } from '#src/components/nav/use-sign-out.ts'
import { DeleteAccountDialog } from './delete-account-dialog.tsx'
import { ProfileSection } from './profile-section.tsx'
import { Button } from '#src/components/ui/button.tsx'

export function DeleteAccount({ user }: { user: User }) {
  const { subscription } = useAuth()
  const [open, setOpen] = useState(false)
  const endingPlan =
    subscription?.status === 'active' && subscription.planType !== 'none' ? planLabel(subscription.planType) : null
  const { signOut } = useSignOut()
  return (
    <ProfileSection
      id="delete-heading"
      title="Delete account"
      tone="danger"
      description="Erases your personal data. Orders and anonymous usage counts stay, with no name on them."
    >
      <Button variant="danger" onClick={() => setOpen(true)}>
        Delete account
      </Button>
      <DeleteAccountDialog
        open={open}
        needsPassword={user.providers.includes('password')}
        endingPlan={endingPlan}
        onClose={() => setOpen(false)}
        onDeleted={() => void signOut(`Your account is deleted. A last e-mail to ${user.email} confirms it.`)}
      />
    </ProfileSection>
  )
}
