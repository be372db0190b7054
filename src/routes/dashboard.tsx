import { createFileRoute } from '@tanstack/react-router'
import { useAuth } from '../auth/auth-context.ts'
import { AccountInfoCard } from '../components/dashboard/account-info-card.tsx'
import { RouteGuard } from '../components/route-guard.tsx'

export const Route = createFileRoute('/dashboard')({
  head: () => ({ meta: [{ title: 'Dashboard | Interview Helper' }] }),
  component: () => (
    <RouteGuard>
      <Dashboard />
    </RouteGuard>
  ),
})

function Dashboard() {
  const { user } = useAuth()
  if (!user) return null
  return (
    <main className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-gray-900 dark:text-white">Welcome back, {user.firstName || 'there'}!</h1>
      <p className="mt-2 text-gray-600 dark:text-gray-400">Here is your account at a glance.</p>
      <div className="mt-8 grid gap-6 md:grid-cols-2">
        <AccountInfoCard user={user} />
      </div>
    </main>
  )
}
