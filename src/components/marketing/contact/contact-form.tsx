import type { SubmitEvent } from 'react'
import { FormAlert } from '#src/components/ui/form-alert.tsx'
import { SubmitButton } from '#src/components/ui/form-buttons.tsx'
import { TextField } from '#src/components/ui/text-field.tsx'
import { asSentence } from '#src/lib/text.ts'
import { contactLabels, contactMaxLengths, contactMessages, type ContactInput } from '#rules/contact-rules.ts'
import { TextAreaField } from './text-area-field.tsx'
import { useContactForm } from './use-contact-form.ts'

export function ContactForm({
  supportEmail,
  initial,
}: {
  supportEmail: string | null
  initial: Partial<ContactInput>
}) {
  const { values, setField, status, submit, sending } = useContactForm(initial)
  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    void submit()
  }
  const field = (name: keyof ContactInput) => ({
    label: contactLabels[name],
    value: values[name],
    onValueChange: (value: string) => setField(name, value),
    required: true,
    maxLength: contactMaxLengths[name],
    disabled: sending,
    invalid: status.state === 'invalid' && status.missing.includes(name),
    errorId: 'contact-error',
  })

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Contact form"
      className="rounded-2xl border border-line bg-surface p-6 shadow-sm sm:p-8"
    >
      <FormAlert id="contact-error" tone="error">
        {status.state === 'invalid' && asSentence(status.detail)}
        {status.state === 'error' && (
          <>
            {contactMessages.sendFailed} {asSentence(status.detail)}
            {supportEmail && (
              <>
                {' '}
                You can also email us directly at{' '}
                <a href={`mailto:${supportEmail}`} className="font-semibold underline">
                  {supportEmail}
                </a>
                .
              </>
            )}
          </>
        )}
      </FormAlert>
      <FormAlert tone="success">
        {status.state === 'success' && (
          <>
            <strong className="block font-semibold">
              Message sent! Thank you for reaching out; we will get back to you soon.
            </strong>
            <span data-sent-via>Sent via {status.sentVia}</span>
          </>
        )}
      </FormAlert>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField {...field('firstName')} autoComplete="given-name" />
        <TextField {...field('lastName')} autoComplete="family-name" />
        <TextField {...field('email')} type="email" autoComplete="email" className="sm:col-span-2" />
        <TextField {...field('subject')} className="sm:col-span-2" />
        <TextAreaField {...field('message')} rows={5} className="sm:col-span-2" />
      </div>
      <div className="mt-6">
        <SubmitButton busy={sending} busyLabel="Sending...">
          Send Message
        </SubmitButton>
      </div>
    </form>
  )
}
