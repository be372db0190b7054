import { z } from 'zod'
import { contactFields, contactProblem, type ContactInput } from '#rules/contact-rules.ts'

const field = (description: string) => z.string().meta({ description })

const contactObject = z
  .object({
    firstName: field('Required; at most 100 characters'),
    lastName: field('Required; at most 100 characters'),
    email: field('Required; where support answers (name@domain.tld)'),
    subject: field('Required; at most 200 characters'),
    message: field('Required; at most 5000 characters'),
  })
  // One message for the whole form, not one per field: the form shows a single line.
  .superRefine((input, ctx) => {
    const problem = contactProblem(input)
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [] })
  })
  .transform((input): ContactInput => ({
    firstName: input.firstName.trim(),
    lastName: input.lastName.trim(),
    email: input.email.trim(),
    subject: input.subject.trim(),
    message: input.message.trim(),
  }))

/** A missing field counts as empty, so it gets the same "All fields are required" as a blank one. */
export const contactSendInput = z.preprocess(
  (value) =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? Object.fromEntries(contactFields.map((name) => [name, (value as Record<string, unknown>)[name] ?? '']))
      : value,
  contactObject,
)

export const contactSendOutput = z
  .object({
    messageId: z.string().meta({ description: 'Quote it when you write to support about this message' }),
    sentVia: z
      .string()
      .meta({ description: "The service the message went to, such as 'Interview Helper support inbox'" }),
  })
  .meta({ id: 'ContactReceipt' })
