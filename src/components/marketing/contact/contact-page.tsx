import { useSuspenseQuery } from '@tanstack/react-query'
import { useAuth } from '#src/auth/auth-context.ts'
import { useTRPC } from '#src/trpc/react.ts'
import { ContactDetails } from './contact-details.tsx'
import { ContactForm } from './contact-form.tsx'

export function ContactPage() {
  const trpc = useTRPC()
  const { data: settings } = useSuspenseQuery(trpc.site.settings.queryOptions())
  const { user } = useAuth()
  const title = user ? 'Support' : 'Contact Us'
  const initial = user ? { firstName: user.firstName, lastName: user.lastName, email: user.email } : {}

  return (
    <main className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20">
      <h1 className="text-4xl font-extrabold tracking-tight text-fg">{title}</h1>
      <p className="mt-3 max-w-2xl text-lg text-fg-muted">
        Questions about the app, your plan or an interview? Send us a message and we will answer by e-mail.
      </p>
      <div className="mt-10 grid gap-10 lg:grid-cols-[2fr_1fr]">
        {/* Keyed on the person, so signing in while here fills their details in. */}
        <ContactForm key={user?.id ?? 'anonymous'} supportEmail={settings.supportEmail} initial={initial} />
        <ContactDetails supportEmail={settings.supportEmail} />
      </div>
    </main>
  )
}
