import { createFileRoute, Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'

export const Route = createFileRoute('/docs/')({
  head: () => ({
    meta: [
      { title: 'Docs | Interview Helper' },
      {
        name: 'description',
        content: 'How to get started with Interview Helper: account, plan, download, your first interview, and help.',
      },
    ],
  }),
  component: DocsPage,
})

const linkClass = 'font-medium text-accent underline'

const steps: { title: string; body: ReactNode }[] = [
  {
    title: 'Create your account',
    body: (
      <>
        <Link to="/signup" className={linkClass}>
          Sign up
        </Link>{' '}
        with your e-mail address or with Google. With e-mail, open the confirmation link we send you before you sign in.
      </>
    ),
  },
  {
    title: 'Choose a plan',
    body: (
      <>
        The app is free to download; answering during interviews needs a monthly plan. Compare Starter, Professional and
        Pro on the{' '}
        <Link to="/pricing" className={linkClass}>
          pricing
        </Link>{' '}
        page and pay in rupees with Razorpay. Your plan and the interviews left this period are on your{' '}
        <Link to="/dashboard" className={linkClass}>
          dashboard
        </Link>
        .
      </>
    ),
  },
  {
    title: 'Install the desktop assistant',
    body: (
      <>
        Get it from the{' '}
        <Link to="/download" className={linkClass}>
          download
        </Link>{' '}
        page (Windows only; there is no macOS or Linux version yet). It runs quietly in the background, ready when you
        are.
      </>
    ),
  },
  {
    title: 'Sign in and add your context',
    body: 'Sign in to the app with the same account. On plans that include context, add your résumé, the role and the job description: answers are then built from your own experience.',
  },
  {
    title: 'Start an interview',
    body: 'Start a session when the interview begins. The assistant hears the call audio without joining the call, reads what is on your screen (code, slides, questions), and answers on a key press. Each session you start counts as one interview of your plan; end it when the interview is over.',
  },
]

const help: { question: string; answer: ReactNode }[] = [
  {
    question: 'I did not get the confirmation e-mail',
    answer: (
      <>
        Check your spam folder, then ask for a new link from the sign-in page. Still nothing?{' '}
        <Link to="/contact" className={linkClass}>
          Contact us
        </Link>
        .
      </>
    ),
  },
  {
    question: 'I forgot my password',
    answer: (
      <>
        Ask for a reset link on the{' '}
        <Link to="/reset-password" className={linkClass}>
          reset password
        </Link>{' '}
        page; it works once and expires.
      </>
    ),
  },
  {
    question: 'I paid but my plan does not show',
    answer: (
      <>
        Press Refresh on the dashboard's Current Plan card. If it still does not show after a few minutes,{' '}
        <Link to="/contact" className={linkClass}>
          contact us
        </Link>{' '}
        with your order id from the subscription page.
      </>
    ),
  },
  {
    question: 'I want to change my details or delete my account',
    answer: (
      <>
        Your name, password, sign-out from every device and account deletion are in{' '}
        <Link to="/profile" className={linkClass}>
          Profile Settings
        </Link>
        .
      </>
    ),
  },
]

function DocsPage() {
  return (
    <main className="mx-auto max-w-4xl px-4 py-14 sm:px-6 sm:py-20">
      <h1 className="text-4xl font-extrabold tracking-tight text-fg">Docs</h1>
      <p className="mt-3 max-w-3xl text-lg text-fg-muted">
        Everything you need to go from sign-up to your first interview with Interview Helper.
      </p>

      <section aria-labelledby="start-heading" className="mt-12">
        <h2 id="start-heading" className="text-2xl font-bold text-fg">
          Getting started
        </h2>
        <ol className="mt-6 space-y-4">
          {steps.map((step, index) => (
            <li key={step.title} className="flex gap-4 rounded-2xl border border-line bg-surface p-5">
              <span
                aria-hidden="true"
                className="flex size-8 shrink-0 items-center justify-center rounded-full bg-indigo-600 font-semibold text-white"
              >
                {index + 1}
              </span>
              <div className="min-w-0">
                <h3 className="font-semibold text-fg">{step.title}</h3>
                <p className="mt-1 text-fg-muted">{step.body}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="help-heading" className="mt-12">
        <h2 id="help-heading" className="text-2xl font-bold text-fg">
          Common questions
        </h2>
        <dl className="mt-6 space-y-6">
          {help.map((item) => (
            <div key={item.question}>
              <dt className="font-semibold text-fg">{item.question}</dt>
              <dd className="mt-1 text-fg-muted">{item.answer}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-6 text-fg-muted">
          Installing on Windows? See the installation FAQ on the{' '}
          <Link to="/download" className={linkClass}>
            download
          </Link>{' '}
          page.
        </p>
      </section>

      <section
        aria-labelledby="developers-heading"
        className="mt-12 rounded-2xl border border-line bg-gray-50 p-6 dark:bg-gray-900"
      >
        <h2 id="developers-heading" className="text-xl font-semibold text-fg">
          For developers
        </h2>
        <p className="mt-2 text-fg-muted">
          The desktop assistant talks to a documented REST API: sign-in and token refresh, plans and payments, interview
          sessions, questions (streamed as they are written), screenshots and recordings. Error codes, rate limits,
          idempotency keys and versioning are explained in the reference.
        </p>
        <p className="mt-4 flex flex-wrap gap-3">
          <Link
            to="/docs/api"
            className="rounded-lg bg-indigo-600 px-4 py-2 font-semibold text-white hover:bg-indigo-700 focus-ring"
          >
            API reference
          </Link>
          <a href="/api/openapi.json" className="px-1 py-2 font-medium text-accent underline">
            OpenAPI document
          </a>
        </p>
      </section>
    </main>
  )
}
