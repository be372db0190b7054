import { describe, expect, it } from 'vitest'
import { contactSendInput } from '#server/contact/contact-input.ts'
import {
  contactMessages,
  contactProblem,
  emptyContactInput,
  missingContactFields,
  missingFieldsMessage,
} from '#rules/contact-rules.ts'

const valid = { firstName: 'Asha', lastName: 'Rao', email: 'asha@example.com', subject: 'Hello', message: 'A question' }

describe('contact form rules', () => {
  it("uses the product's wording", () => {
    expect(contactMessages).toMatchObject({
      allFieldsRequired: 'All fields are required',
      invalidEmailFormat: 'Invalid email format',
      sendFailed: 'Sorry, there was an error sending your message.',
      unexpected: 'An unexpected error occurred',
      noEmailService: 'No email service available. Please check your configuration.',
    })
  })

  it('checks required fields before the e-mail format', () => {
    expect(contactProblem(emptyContactInput)).toBe('All fields are required')
    expect(contactProblem({ ...valid, email: 'bad', message: ' ' })).toBe('All fields are required')
    expect(contactProblem({ ...valid, email: 'bad' })).toBe('Invalid email format')
    expect(contactProblem({ ...valid, email: 'a@b' })).toBe('Invalid email format')
    expect(contactProblem(valid)).toBeNull()
  })

  it('gives the server one message for the whole form and trims what it keeps', () => {
    const missing = contactSendInput.safeParse({ firstName: 'A' })
    expect(missing.success ? [] : missing.error.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [[], 'All fields are required'],
    ])
    const email = contactSendInput.safeParse({ ...valid, email: 'nope' })
    expect(email.success ? [] : email.error.issues.map((issue) => issue.message)).toEqual(['Invalid email format'])
    expect(contactSendInput.parse({ ...valid, subject: '  Hi  ', extra: 'ignored' })).toEqual({
      ...valid,
      subject: 'Hi',
    })
    expect(contactSendInput.safeParse('text').success).toBe(false)
  })
})

describe('the contact form names the empty fields', () => {
  it('lists them in the form’s order, with their labels', () => {
    expect(missingFieldsMessage(missingContactFields(emptyContactInput))).toBe(
      'Please fill in First Name, Last Name, Email, Subject and Message.',
    )
    const partly = { ...emptyContactInput, firstName: 'Asha', lastName: 'Rao', email: 'asha@example.com' }
    expect(missingFieldsMessage(missingContactFields({ ...partly, message: ' ' }))).toBe(
      'Please fill in Subject and Message.',
    )
    expect(missingFieldsMessage(missingContactFields({ ...partly, subject: 'Hi' }))).toBe('Please fill in Message.')
    expect(missingContactFields({ ...partly, subject: 'Hi', message: 'Hello' })).toEqual([])
  })
})
