import { Link } from '@tanstack/react-router'

const links = [
  {
    to: '/live',
    title: 'Live interview in your browser',
    text: 'Share the interview tab: questions are heard and answered as they end, and the screen read when you ask.',
  },
  {
    to: '/interview',
    title: 'Practice console',
    text: 'Ask questions, watch answers stream, and rehearse by voice or screenshot.',
  },
  {
    to: '/history',
    title: 'Interview history',
    text: 'Every session, its questions and answers, and your usage over time.',
  },
] as const

export function DashboardLinks() {
  return (
    <nav aria-label="Interview tools" className="grid gap-4 sm:grid-cols-2">
      {links.map((link) => (
        <Link
          key={link.to}
          to={link.to}

          className="group rounded-2xl border border-line bg-surface p-5 shadow-sm transition hover:border-brand-vivid focus-ring"
        >
          <span className="font-semibold text-fg group-hover:text-accent">{link.title} →</span>
          <span className="mt-1 block text-sm text-fg-muted">{link.text}</span>
        </Link>
      ))}
    </nav>
  )
}
