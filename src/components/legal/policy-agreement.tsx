import { AppLink } from '#src/components/app-link.tsx'

const linkStyle =
  'font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand dark:text-indigo-300 dark:hover:text-indigo-200'

/** Inside a checkout dialog the policies open in a new tab, so reading them never loses the order. */
function PolicyLink({ href, label, newTab }: { href: string; label: string; newTab: boolean }) {
  return newTab ? (
    <a href={href} target="_blank" rel="noopener" className={linkStyle}>
      {label}
    </a>
  ) : (
    <AppLink href={href} className={linkStyle}>
      {label}
    </AppLink>
  )
}

/** The line beside every way to pay. */
export function PaymentAgreement({ newTab = false, className = '' }: { newTab?: boolean; className?: string }) {
  return (
    <p data-policy-agreement="payment" className={`text-xs text-gray-600 dark:text-gray-400 ${className}`}>
      By paying you agree to the <PolicyLink href="/terms" label="Terms" newTab={newTab} /> and the{' '}
      <PolicyLink href="/refunds" label="Refund policy" newTab={newTab} />.
    </p>
  )
}

/** The line under the sign-up form. */
export function SignUpAgreement() {
  return (
    <p data-policy-agreement="sign-up" className="text-xs text-gray-600 dark:text-gray-400">
      By signing up you agree to the <PolicyLink href="/terms" label="Terms and Conditions" newTab={false} /> and the{' '}
      <PolicyLink href="/privacy" label="Privacy Policy" newTab={false} />.
    </p>
  )
}
