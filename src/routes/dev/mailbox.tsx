import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useState } from 'react'
import { errorCode } from '#src/auth/trpc-errors.ts'
import { MailMessage } from '#src/components/dev/mail-message.tsx'
import { NotFound } from '#src/components/not-found.tsx'
import { Spinner } from '#src/components/spinner.tsx'
import { useTRPC } from '#src/trpc/react.ts'

export const Route = createFileRoute('/dev/mailbox')({
  head: () => ({ meta: [{ title: 'Development mailbox | Interview Helper' }, { name: 'robots', content: 'noindex' }] }),
  component: DevMailboxPage,
})

/** Outside production, e-mail goes here instead of to real inboxes: confirmation and reset links included. */
function DevMailboxPage() {
  const trpc = useTRPC()
  const [filter, setFilter] = useState('')
  const mailbox = useQuery(
    trpc.site.devMailbox.queryOptions(undefined, { staleTime: 0, refetchInterval: 5000, retry: false }),
  )

  if (mailbox.error && errorCode(mailbox.error) === 'NOT_FOUND') return <NotFound />
  const messages = (mailbox.data?.messages ?? []).filter((mail) =>
    mail.to.toLowerCase().includes(filter.trim().toLowerCase()),
  )

  return (
    <main className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-fg">Development mailbox</h1>
      <p className="mt-2 text-fg-muted">Every e-mail the app sent, newest first. Only available outside production.</p>
      <label className="mt-6 block max-w-sm text-sm font-medium text-fg-body">
        Filter by recipient
        <input
          type="search"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          className="mt-1 block w-full rounded-lg border border-control bg-canvas px-3 py-2 text-base shadow-sm focus-field sm:text-sm"
        />
      </label>
      <div className="mt-6 space-y-4" aria-live="polite">
        {mailbox.isPending ? (
          <Spinner label="Loading messages" />
        ) : mailbox.error ? (
          <p role="alert" className="text-red-600">
            {mailbox.error.message}
          </p>
        ) : messages.length === 0 ? (
          <p className="text-fg-muted">No messages yet.</p>
        ) : (
          messages.map((mail) => <MailMessage key={mail.id} mail={mail} />)
        )}
      </div>
    </main>
  )
}
