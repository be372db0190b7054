import type { User } from '#src/auth/auth-types.ts'
import { formatLongDate } from '#src/lib/dates.ts'
import { Card } from '#src/components/ui/card.tsx'

/** E-mail, names, member since and last login (long US dates, N/A when missing). */
export function AccountInfoCard({ user }: { user: User }) {
  const rows: [string, string][] = [
    ['Email', user.email],
    ['First name', user.firstName || 'N/A'],
    ['Last name', user.lastName || 'N/A'],
    ['Member since', formatLongDate(user.createdAt)],
    ['Last login', formatLongDate(user.lastLoginAt)],
  ]
  return (
    <Card id="account-info-heading" title="Account Info">
      <dl className="divide-y divide-line">
        {rows.map(([label, value]) => (
          <div key={label} className="flex flex-col gap-1 py-3 sm:flex-row sm:justify-between">
            <dt className="text-sm text-fg-muted">{label}</dt>
            <dd className="text-sm font-medium break-all text-fg sm:text-right">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  )
}
