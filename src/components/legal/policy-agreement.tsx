import { Link } from '@tanstack/react-router'
import type { AppPath } from '#src/lib/link-target.ts'

const linkStyle = 'font-medium text-accent underline underline-offset-2 hover:text-accent-strong focus-ring'

/** Inside a checkout dialog the policies open in a new tab, so reading them never loses the order. */
function PolicyLink({ to, label, newTab }: { to: AppPath; label: string; newTab: boolean }) {
  return newTab ? (
    <a href={to} target="_blank" rel="noopener" className={linkStyle}>
      {label}
    </a>
  ) : (
    <Link to={to} className={linkStyle}>
      {label}
    </Link>
  )
}

/** The line beside every way to pay. */
export function PaymentAgreement({ newTab = false, className = '' }: { newTab?: boolean; className?: string }) {
  return (
    <p data-policy-agreement="payment" className={`text-xs text-fg-muted ${className}`}>
      By paying you agree to the <PolicyLink to="/terms" label="Terms" newTab={newTab} /> and the{' '}
      <PolicyLink to="/refunds" label="Refund policy" newTab={newTab} />.
    </p>
  )
}

/** The line under the sign-up form. */
export function SignUpAgreement() {
  return (
    <p data-policy-agreement="sign-up" className="text-xs text-fg-muted">
      By signing up you agree to the <PolicyLink to="/terms" label="Terms and Conditions" newTab={false} /> and the{' '}
      <PolicyLink to="/privacy" label="Privacy Policy" newTab={false} />.
    </p>
  )
}
