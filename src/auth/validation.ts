import { emailPattern, messages, namePattern, passwordRule } from '#rules/auth-rules.ts'

/** Each validator checks its rules in a fixed order and returns the first broken one's message, or null. */
export type ValidationResult = string | null

const isBlank = (value: string) => value.trim() === ''
const nameFits = (value: string) => value.trim().length >= namePattern.min && value.trim().length <= namePattern.max
const isValidEmail = (value: string) => emailPattern.test(value.trim())
export const isStrongPassword = (value: string) => passwordRule.test(value)

export function validateSignIn(input: { email: string; password: string }): ValidationResult {
  if (isBlank(input.email) || input.password === '') return messages.enterEmailAndPassword
  if (!isValidEmail(input.email)) return messages.invalidEmail
  return null
}

export type SignUpForm = {
  firstName: string
  lastName: string
  email: string
  password: string
  confirmPassword: string
}

export function validateSignUp(input: SignUpForm): ValidationResult {
  const required = [input.firstName, input.lastName, input.email]
  if (required.some(isBlank) || input.password === '' || input.confirmPassword === '') return messages.fillAllFields
  if (!nameFits(input.firstName)) return messages.firstNameLength
  if (!nameFits(input.lastName)) return messages.lastNameLength
  if (!isValidEmail(input.email)) return messages.invalidEmail
  if (!isStrongPassword(input.password)) return messages.passwordStrength
  if (input.password !== input.confirmPassword) return messages.passwordsDoNotMatch
  return null
}

export function validateResetRequest(input: { email: string }): ValidationResult {
  if (isBlank(input.email)) return messages.enterEmail
  if (!isValidEmail(input.email)) return messages.invalidEmail
  return null
}

export function validateNewPassword(input: { password: string; confirmPassword: string }): ValidationResult {
  if (input.password === '' || input.confirmPassword === '') return messages.fillBothPasswords
  if (!isStrongPassword(input.password)) return messages.passwordStrength
  if (input.password !== input.confirmPassword) return messages.passwordsDoNotMatch
  return null
}

/** The sign-up field a validation message is about, so it can be marked invalid (null: the whole form). */
export function signUpFieldInError(message: string | null, form: SignUpForm): (keyof SignUpForm)[] {
  switch (message) {
    case messages.fillAllFields:
      return (Object.keys(form) as (keyof SignUpForm)[]).filter((name) => form[name].trim() === '')
    case messages.firstNameLength:
      return ['firstName']
    case messages.lastNameLength:
      return ['lastName']
    case messages.invalidEmail:
      return ['email']
    case messages.passwordStrength:
      return ['password']
    case messages.passwordsDoNotMatch:
      return ['confirmPassword']
    default:
      return []
  }
}
