import { Link } from '@tanstack/react-router'

/** Why a tool is off for this plan, and where to get it. */
export function PlanGateNote({ feature, plan }: { feature: string; plan: string }) {
  return (
    <p className="mt-2 text-sm text-fg-muted">
      {feature} is not in your plan; it comes with the {plan} plan.{' '}
      <Link to="/pricing" className="font-semibold text-accent hover:underline focus-ring">
        Upgrade
      </Link>
    </p>
  )
}
