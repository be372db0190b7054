import { Link } from '@tanstack/react-router'

/** The server's texts point to the pricing page in words (they reach the desktop app too); here those words are the link. */
const pricingPage = 'the pricing page'

export function PricingLinkedText({ text }: { text: string }) {
  const [before, ...after] = text.split(pricingPage)
  if (after.length === 0) return <>{text}</>
  return (
    <>
      {before}
      <Link to="/pricing" className="font-semibold underline focus-ring">
        {pricingPage}
      </Link>
      {after.join(pricingPage)}
    </>
  )
}
