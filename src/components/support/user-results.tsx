import { secondaryButton } from '#src/components/ui/form-styles.ts'
import { formatDateTime } from '#src/interview/display.ts'
import type { FoundUser } from './support-types.ts'

export function UserResults({ users, onOpen }: { users: FoundUser[]; onOpen: (userId: string) => void }) {
  if (users.length === 0) return <p className="text-sm text-fg-muted">Nobody matches.</p>
  return (
    <ul className="divide-y divide-line" aria-label="People found">
      {users.map((user) => (
        <li
          key={user.userId}
          data-user-id={user.userId}
          className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="min-w-0 text-sm">
            <p className="font-semibold break-all text-fg">
              {user.erasedAt ? (
                <span
                  className="rounded-full bg-danger-soft px-2 py-0.5 text-xs font-semibold text-danger-pill"
                  data-testid="erased"
                >
                  Erased {formatDateTime(user.erasedAt)}
                </span>
              ) : (
                (user.email ?? 'N/A')
              )}
            </p>
            <p className="text-fg-muted">
              {user.name === null ? 'no name' : `name ${user.name}`} · {user.role} · member since{' '}
              {formatDateTime(user.createdAt)} · last login {formatDateTime(user.lastLoginAt)}
            </p>
            <p className="font-mono text-xs break-all text-gray-500">{user.userId}</p>
          </div>
          <button type="button" className={secondaryButton} onClick={() => onOpen(user.userId)}>
            Open history
          </button>
        </li>
      ))}
    </ul>
  )
}
