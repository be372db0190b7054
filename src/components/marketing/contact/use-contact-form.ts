import { useMutation } from '@tanstack/react-query'
import { isTRPCClientError } from '@trpc/client'
import { useState } from 'react'
import { useTRPC } from '#src/trpc/react.ts'
import {
  contactMessages,
  contactProblem,
  emptyContactInput,
  missingContactFields,
  missingFieldsMessage,
  type ContactField,
  type ContactInput,
} from '#rules/contact-rules.ts'

/** Where the contact form is: idle, sending, success, error. */
export type ContactStatus =
  | { state: 'idle' }
  | { state: 'sending' }
  | { state: 'success'; sentVia: string }
  | { state: 'error'; detail: string }
  /** Not sent: the form says what to fix, and marks the empty fields. */
  | { state: 'invalid'; detail: string; missing: ContactField[] }

/** The server's own words when it answered; anything else is unexpected. */
function detailOf(error: unknown): string {
  return isTRPCClientError(error) && error.data && error.message ? error.message : contactMessages.unexpected
}

export function useContactForm(initial: Partial<ContactInput> = {}) {
  const trpc = useTRPC()
  const send = useMutation(trpc.site.sendContactMessage.mutationOptions())
  const [values, setValues] = useState<ContactInput>({ ...emptyContactInput, ...initial })
  const [status, setStatus] = useState<ContactStatus>({ state: 'idle' })

  const setField = (field: ContactField, value: string) => setValues((current) => ({ ...current, [field]: value }))

  const submit = async () => {
    const missing = missingContactFields(values)
    const problem = missing.length > 0 ? missingFieldsMessage(missing) : contactProblem(values)
    if (problem) {
      setStatus({ state: 'invalid', detail: problem, missing })
      return
    }
    setStatus({ state: 'sending' })
    try {
      const receipt = await send.mutateAsync(values)
      setValues(emptyContactInput)
      setStatus({ state: 'success', sentVia: receipt.sentVia })
    } catch (error) {
      setStatus({ state: 'error', detail: detailOf(error) })
    }
  }

  return { values, setField, status, submit, sending: status.state === 'sending' }
}
