import { secondStepMessages } from '#events/users/second-step-decider.ts'
import { changePasswordMessages } from '#server/accounts/change-password.ts'
import { examplePerson, exampleTimes } from './example-values.ts'
import type { TagExamples } from './operation-example.ts'

/** Asha's phone, added in the sandbox run: the secret and its picture as the server answered them. */
const authenticatorId = '3f9c2a71-5d8e-4b6a-9c1f-2e7d8a4b5c60'
const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
const otpauthUrl = `otpauth://totp/Interview%20Helper:${encodeURIComponent(examplePerson.email)}?issuer=Interview%20Helper&secret=${secret}&algorithm=SHA1&digits=6&period=30`

export const exampleChallenge = {
  challengeToken: 'q8Vb0S2lZfM4xN7cR1tYp9KjH3dW6gLe5uA0iOzXcBw',
  expiresAt: '2026-11-24T14:45:41.184Z',
} as const

const phone = { id: authenticatorId, name: 'Pixel 8', addedAt: exampleTimes.created, lastUsedAt: exampleTimes.signedIn }
const listed = { authenticators: [phone], recoveryCodesLeft: 10 }

const exampleRecoveryCodes = [
  '7k2qm-xd9fa',
  'p3hvn-b8w1c',
  'z0rtj-5mgk4',
  'c6eyq-n2s7h',
  'w9akd-1fxp3',
  'h4tbm-q7zr0',
  'e1vcx-6njw8',
  'm5gsp-3kdy9',
  'r8fzh-0atq2',
  'y2nwb-4cve6',
]

export const secondStepExamples = {
  'GET /account/authenticators': { success: listed },
  'POST /account/authenticators': {
    request: { json: { name: 'Pixel 8' } },
    success: { authenticatorId, secret, otpauthUrl, qrCode: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAA…' },
  },
  'POST /account/authenticators/confirm': {
    request: { json: { authenticatorId, code: '492039' } },
    success: {
      ...listed,
      recoveryCodes: exampleRecoveryCodes,
    },
    errors: { invalid_code: { error: secondStepMessages.wrongCode } },
  },
  'POST /account/authenticators/rename': {
    request: { json: { authenticatorId, name: 'Work phone' } },
    success: { ...listed, authenticators: [{ ...phone, name: 'Work phone' }] },
  },
  'POST /account/authenticators/recovery-codes': {
    request: { json: { code: '492039' } },
    success: { ...listed, recoveryCodes: exampleRecoveryCodes },
    errors: {
      invalid_code: { error: secondStepMessages.wrongCode },
      invalid_request: { error: secondStepMessages.noSecondStep },
    },
  },
  'POST /account/authenticators/remove': {
    request: { json: { authenticatorId, password: examplePerson.password, code: '492039' } },
    success: { authenticators: [], recoveryCodesLeft: 0 },
    errors: {
      wrong_password: { error: changePasswordMessages.wrongCurrent },
      invalid_code: { error: secondStepMessages.lastNeedsProof },
    },
  },
} satisfies TagExamples
