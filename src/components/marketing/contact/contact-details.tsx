import { Link } from '@tanstack/react-router'

export function ContactDetails({ supportEmail }: { supportEmail: string | null }) {
  return (
    <aside aria-labelledby="contact-details-heading" className="space-y-6">
      <h2 id="contact-details-heading" className="text-xl font-semibold text-fg">
        Other ways to reach us
      </h2>
      {supportEmail && (
        <div>
          <h3 className="text-sm font-medium text-fg-muted">Email</h3>
          <a
            href={`mailto:${supportEmail}`}
            className="mt-1 inline-block font-semibold break-all text-accent hover:underline"
          >
            {supportEmail}
          </a>
        </div>
      )}
      <div>
        <h3 className="text-sm font-medium text-fg-muted">Response time</h3>
        <p className="mt-1 text-fg-body">Usually within one business day.</p>
      </div>
      <div>
        <h3 className="text-sm font-medium text-fg-muted">Installing the app?</h3>
        <p className="mt-1 text-fg-body">
          The{' '}
          <Link to="/download" className="font-semibold text-accent hover:underline">
            installation FAQ
          </Link>{' '}
          answers the most common questions.
        </p>
      </div>
    </aside>
  )
}
