import { createFileRoute } from '@tanstack/react-router'
import { useAuth } from '#src/auth/auth-context.ts'
import { DeleteAccount } from '#src/components/profile/delete-account.tsx'
import { NameForm } from '#src/components/profile/name-form.tsx'
import { PasswordSection } from '#src/components/profile/password-section.tsx'
import { SignOutEverywhere } from '#src/components/profile/sign-out-everywhere.tsx'
import { TwoStepSection } from '#src/components/profile/two-step-section.tsx'

export const Route = createFileRoute('/_authed/profile')({
  head: () => ({ meta: [{ title: 'Profile Settings | Interview Helper' }] }),
  component: ProfilePage,
})

function ProfilePage() {
  const { user } = useAuth()
  if (!user) return null
  return (
    <main className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-fg">Profile Settings</h1>
      <p className="mt-2 break-all text-fg-muted">Signed in as {user.email}</p>
      <div className="mt-8 space-y-6">
        <NameForm user={user} />
        <PasswordSection user={user} />
        <TwoStepSection user={user} />
        <SignOutEverywhere />
        <DeleteAccount user={user} />
      </div>
    </main>
  )
}
