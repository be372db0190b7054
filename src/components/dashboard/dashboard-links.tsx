import { AppLink } from '#src/components/app-link.tsx'

const links = [
  {
    href: '/live',
    title: 'Live interview in your browser',
    text: 'Share the interview tab: questions are heard and answered as they end, and the screen read when you ask.',
  },
  {
    href: '/interview',
    title: 'Practice console',
    text: 'Ask questions, watch answers stream, and rehearse by voice or screenshot.',
  },
  {
    href: '/history',
    title: 'Interview history',
    text: 'Every session, its questions and answers, and your usage over time.',
  },
] as const

export function DashboardLinks() {
  return (
    <nav aria-label="Interview tools" className="grid gap-4 sm:grid-cols-2">
      {links.map((link) => (
        <AppLink
          key={link.href}
          href={link.href}
          className="group rounded-2xl border border-gray-200 bg-white p-5 shadow-sm transition hover:border-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand dark:border-gray-800 dark:bg-gray-900 dark:hover:border-indigo-400"
        >
          <span className="font-semibold text-gray-900 group-hover:text-indigo-700 dark:text-white dark:group-hover:text-indigo-300">
            {link.title} →
          </span>
          <span className="mt-1 block text-sm text-gray-600 dark:text-gray-400">{link.text}</span>
        </AppLink>
      ))}
    </nav>
  )
}
