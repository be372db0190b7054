import type { MailMessage } from '#server/mail/mailer.ts'
import { accountDeletionNotice } from '#rules/plan-lifecycle.ts'
import type { RequestScope } from '#server/request-scope.ts'

/** Where this request's mailed links point: the visitor's site (server/http/site-url.ts), else PUBLIC_URL. */
export function mailLinkBase(scope: RequestScope): string {
  return scope.siteUrl ?? scope.runtime.config.publicUrl
}

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

export function mailLayout(heading: string, paragraphs: string[], action: { label: string; url: string }) {
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:20px">${escape(heading)}</h1>
${paragraphs.map((paragraph) => `<p>${escape(paragraph)}</p>`).join('\n')}
<p><a href="${escape(action.url)}" style="display:inline-block;background:#5e6ad2;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escape(action.label)}</a></p>
<p style="font-size:12px;color:#6b7280">Or paste this link into your browser: ${escape(action.url)}</p>
<p style="font-size:12px;color:#6b7280">Interview Helper</p></body></html>`
  const text = `${heading}\n\n${paragraphs.join('\n\n')}\n\n${action.label}: ${action.url}\n\nInterview Helper\n`
  return { html, text }
}

/**
 * The confirmation link. After a second sign-up with an address still waiting for confirmation,
 * it says so: the account is the first one, opened with the first password (a later sign-up never
 * replaces it, or whoever typed the address could choose the password of someone else's account).
 */
export function confirmationMail(options: {
  to: string
  firstName: string
  publicUrl: string
  token: string
  signedUpAgain?: boolean
}): MailMessage {
  const url = `${options.publicUrl}/email-confirmed?token=${encodeURIComponent(options.token)}`
  const why = options.signedUpAgain
    ? [
        'This address already has an Interview Helper account waiting for confirmation. Confirm it with the link below, then sign in with the password you chose when you first signed up.',
        "Forgot that password? After confirming, click 'Forgot Password' on the sign-in page to choose a new one.",
      ]
    : ['Please confirm your email address to finish creating your Interview Helper account.']
  return {
    to: options.to,
    subject: 'Confirm your email for Interview Helper',
    ...mailLayout(
      `${options.signedUpAgain ? 'Hi' : 'Welcome,'} ${options.firstName}${options.signedUpAgain ? ',' : '!'}`,
      [...why, 'The link works for 7 days. If you did not sign up, ignore this email.'],
      { label: 'Confirm my email', url },
    ),
  }
}

/** The link carries the one-time token as access and refresh token with type=recovery, the shape /reset-password reads. */
export function passwordResetMail(options: {
  to: string
  firstName: string
  publicUrl: string
  token: string
}): MailMessage {
  const token = encodeURIComponent(options.token)
  const url = `${options.publicUrl}/reset-password#access_token=${token}&refresh_token=${token}&type=recovery`
  return {
    to: options.to,
    subject: 'Reset your Interview Helper password',
    ...mailLayout(
      `Hi ${options.firstName},`,
      [
        'Someone (hopefully you) asked to reset the password of your Interview Helper account.',
        'The link works for 1 hour and only once. If you did not ask for it, ignore this email: your password stays as it is.',
      ],
      { label: 'Choose a new password', url },
    ),
  }
}

/** To the owner of an address someone tried to sign up with: the only place that says it is registered. */
export function signUpAttemptMail(options: { to: string; firstName: string; publicUrl: string }): MailMessage {
  return {
    to: options.to,
    subject: 'Someone tried to sign up with your email',
    ...mailLayout(
      `Hi ${options.firstName},`,
      [
        'Someone (hopefully you) tried to create an Interview Helper account with this email address.',
        "This email is already registered. If you signed up using 'Continue with Google', please use that option to sign in, or click 'Forgot Password' to set up a password for email login.",
        'If it was not you, ignore this email: nothing has changed.',
      ],
      { label: 'Sign in', url: `${options.publicUrl}/login` },
    ),
  }
}

/**
 * After an account is deleted, to the address it had: the last mail it gets. It names a plan that
 * ended with it, and that the unused part is not refunded, as the refund policy says.
 */
export function accountDeletedMail(options: {
  to: string
  firstName: string
  publicUrl: string
  endedPlan: string | null
}): MailMessage {
  return {
    to: options.to,
    subject: 'Your Interview Helper account is deleted',
    ...mailLayout(
      `Goodbye, ${options.firstName}`,
      [
        'As you asked, we deleted your Interview Helper account: your name, e-mail address, password, sign-in methods and interview history are erased. Your orders and invoices stay in our books with no name on them, as the law requires.',
        ...(options.endedPlan ? [accountDeletionNotice(options.endedPlan)] : []),
        'If you did not ask for this, write to us through the contact page.',
      ],
      { label: 'Contact us', url: `${options.publicUrl}/contact` },
    ),
  }
}
