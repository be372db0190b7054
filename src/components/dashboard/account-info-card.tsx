import type { User } from '../../auth/auth-types.ts'
import { formatLongDate } from '../../lib/dates.ts'

export function AccountInfoCard({ user }: { user: User }) {
  const rows: Array<[string, string]> = [
    ['Name', `${user.firstName} ${user.lastName}`.trim()],
    ['Email', user.email],
    ['Member since', formatLongDate(user.createdAt)],
    ['Last sign-in', formatLongDate(user.lastLoginAt)],
  ]
  return (
    <section aria-labelledby="account-info-heading" className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm dark:border-gray-800 dark:bg-gray-900">
      <h2 id="account-info-heading" className="text-lg font-semibold text-gray-900 dark:text-white">
        Account Info
      </h2>
      <dl className="mt-4 divide-y divide-gray-100 dark:divide-gray-800">
        {rows.map(([label, value]) => (
          <div key={label} className="flex flex-col gap-1 py-3 sm:flex-row sm:justify-between">
            <dt className="text-sm text-gray-500 dark:text-gray-400">{label}</dt>
            <dd className="text-sm font-medium break-all text-gray-900 sm:text-right dark:text-gray-100">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
