import { Link } from '@tanstack/react-router'
import { signInLink, signUpLink } from './nav-links.ts'

const focus = 'focus-ring'

export function AuthButtons({ onNavigate, stacked = false }: { onNavigate?: () => void; stacked?: boolean }) {
  return (
    <div className={stacked ? 'flex flex-col gap-2' : 'flex items-center gap-2'}>
      <Link
        to={signInLink.to}
        hash={signInLink.hash}
        onClick={onNavigate}
        className={`rounded-lg px-3 py-2 text-center text-sm font-medium whitespace-nowrap text-fg-control hover:bg-muted ${focus}`}
      >
        {signInLink.label}
      </Link>
      <Link
        to={signUpLink.to}
        hash={signUpLink.hash}
        onClick={onNavigate}
        className={`rounded-lg bg-brand px-4 py-2 text-center text-sm font-semibold whitespace-nowrap text-white shadow-sm hover:bg-brand/90 ${focus}`}
      >
        {signUpLink.label}
      </Link>
    </div>
  )
}
