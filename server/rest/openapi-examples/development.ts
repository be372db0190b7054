import { confirmationMail } from '#server/accounts/account-mail.ts'
import { examplePerson, exampleTimes } from './example-values.ts'
import type { TagExamples } from './operation-example.ts'

// The mail register sends, in the words the server writes it.
const confirmation = confirmationMail({
  to: examplePerson.email,
  firstName: examplePerson.firstName,
  publicUrl: 'http://localhost:3000',
  token: 'c2b7e0d4f1a94e8b9d3a6f5e2c1b0a97',
})

export const developmentExamples = {
  'GET /dev/mailbox': {
    success: {
      messages: [
        {
          id: '3b8e5f0a-6d2c-4e71-9a4b-8c1d2e3f4a5b',
          to: confirmation.to,
          subject: confirmation.subject,
          text: confirmation.text,
          html: confirmation.html,
          createdAt: exampleTimes.created,
        },
      ],
    },
    errors: { not_found: { error: 'Not found' } },
  },
} satisfies TagExamples
