import { contactLimits } from '#server/contact/contact-limits.ts'
import { examplePerson } from './example-values.ts'
import type { TagExamples } from './operation-example.ts'

export const contactExamples = {
  'POST /contact': {
    request: {
      json: {
        firstName: examplePerson.firstName,
        lastName: examplePerson.lastName,
        email: examplePerson.email,
        subject: 'Invoice address',
        message: "Please put my company's name on next month's invoice.",
      },
    },
    success: { messageId: '45feb360-9753-46a7-9708-bb393ad672ae', sentVia: 'Development mailbox' },
    errors: { rate_limited: { error: contactLimits.perAddress.message } },
  },
} satisfies TagExamples
