/** The contact form's fields, limits and every message it can show, shared by the page and the server. */
export const contactFields = ['firstName', 'lastName', 'email', 'subject', 'message'] as const
export type ContactField = (typeof contactFields)[number]
export type ContactInput = Record<ContactField, string>

export const contactLabels: Record<ContactField, string> = {
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  subject: 'Subject',
  message: 'Message',
}

export const contactMaxLengths: Record<ContactField, number> = {
  firstName: 100,
  lastName: 100,
  email: 254,
  subject: 200,
  message: 5000,
}

export const contactMessages = {
  allFieldsRequired: 'All fields are required',
  invalidEmailFormat: 'Invalid email format',
  sendFailed: 'Sorry, there was an error sending your message.',
  unexpected: 'An unexpected error occurred',
  noEmailService: 'No email service available. Please check your configuration.',
} as const

/** Deliberately simple: something@domain.tld, so the form and the API refuse the same addresses. */
const contactEmailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export const emptyContactInput: ContactInput = { firstName: '', lastName: '', email: '', subject: '', message: '' }

/** The fields left empty, in the form's order. */
export function missingContactFields(input: ContactInput): ContactField[] {
  return contactFields.filter((field) => input[field].trim() === '')
}

/** "Please fill in Subject and Message.": the form names what is missing instead of reporting a sending error. */
export function missingFieldsMessage(missing: readonly ContactField[]): string {
  const names = missing.map((field) => contactLabels[field])
  const listed = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}` : (names[0] ?? '')
  return `Please fill in ${listed}.`
}

/** The first problem with the input, checked in the order the server checks it; null when it can be sent. */
export function contactProblem(input: ContactInput): string | null {
  if (contactFields.some((field) => input[field].trim() === '')) return contactMessages.allFieldsRequired
  const tooLong = contactFields.find((field) => input[field].trim().length > contactMaxLengths[field])
  if (tooLong) return `${contactLabels[tooLong]} must be at most ${contactMaxLengths[tooLong]} characters`
  if (!contactEmailPattern.test(input.email.trim())) return contactMessages.invalidEmailFormat
  return null
}
