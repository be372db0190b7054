import { Link } from '@tanstack/react-router'
import { useAuth } from '#src/auth/auth-context.ts'
import type { User } from '#src/auth/auth-types.ts'
import { PasswordForm } from './password-form.tsx'
import { ProfileSection } from './profile-section.tsx'

/** Password accounts change their password here; others are told where theirs is managed. */
export function PasswordSection({ user }: { user: User }) {
  const { mode } = useAuth()
  const hasPassword = mode === 'embedded' && user.providers.includes('password')
  return (
    <ProfileSection
      id="password-heading"
      title="Password"
      description="Changing it signs out your other devices; this one stays signed in."
    >
      {hasPassword ? (
        <PasswordForm />
      ) : (
        <p className="text-sm text-fg-body">
          Your account has no password of its own here. To set one, use{' '}
          <Link to="/reset-password" className="font-semibold text-accent hover:underline focus-ring">
            Forgot Password
          </Link>
          .
        </p>
      )}
    </ProfileSection>
  )
}
