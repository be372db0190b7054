import { LinkifiedText } from './linkified-text.tsx'

export type DevMail = { id: string; to: string; subject: string; text: string; html: string; createdAt: string }

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' })

export function MailMessage({ mail }: { mail: DevMail }) {
  return (
    <article data-to={mail.to} className="rounded-2xl border border-line bg-surface p-5 shadow-sm">
      <header className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
        <h2 className="text-base font-semibold text-fg">{mail.subject}</h2>
        <time dateTime={mail.createdAt} className="text-xs text-fg-muted">
          {when.format(new Date(mail.createdAt))}
        </time>
      </header>
      <p className="mt-1 text-sm text-fg-muted">
        To: <span className="font-medium break-all">{mail.to}</span>
      </p>
      <pre className="mt-4 font-sans text-sm whitespace-pre-wrap text-fg-strong">
        <LinkifiedText text={mail.text} />
      </pre>
      {mail.html && (
        <details className="mt-4">
          <summary className="cursor-pointer text-sm font-medium text-fg-muted">HTML version</summary>
          {/* sandbox="": the stored HTML renders without scripts, forms or access to this page. */}
          <iframe
            title={`HTML version of ${mail.subject}`}
            sandbox=""
            srcDoc={mail.html}
            className="mt-2 h-80 w-full rounded-lg border border-gray-200 bg-white"
          />
        </details>
      )}
    </article>
  )
}
