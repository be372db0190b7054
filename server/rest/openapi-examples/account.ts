import { deleteAccountWrongPassword } from '#server/trpc/procedures/accounts/delete-account.ts'
import { examplePerson, exampleFeatures, exampleSubscription, exampleUser } from './example-values.ts'
import type { TagExamples } from './operation-example.ts'

export const accountExamples = {
  'POST /account/profile': {
    request: { json: { firstName: 'Asha', lastName: 'Rao-Menon' } },
    success: {
      user: { ...exampleUser, lastName: 'Rao-Menon' },
      subscription: exampleSubscription,
      features: exampleFeatures('professional'),
    },
  },
  'POST /account/sign-out-everywhere': { success: { signedOut: true } },
  'POST /account/delete': {
    request: { json: { confirm: 'DELETE', password: examplePerson.password } },
    success: { deleted: true },
    errors: { wrong_password: { error: deleteAccountWrongPassword } },
  },
} satisfies TagExamples
