import { messages, namePattern } from '#rules/auth-rules.ts'
import { isStrongPassword, type ValidationResult } from '#src/auth/validation.ts'

const fits = (name: string) => name.trim().length >= namePattern.min && name.trim().length <= namePattern.max

/** The sign-up rules for the names, in the same order and words. */
export function validateProfileName(input: { firstName: string; lastName: string }): ValidationResult {
  if (input.firstName.trim() === '' || input.lastName.trim() === '') return messages.fillAllFields
  if (!fits(input.firstName)) return messages.firstNameLength
  if (!fits(input.lastName)) return messages.lastNameLength
  return null
}

export type PasswordChangeForm = { currentPassword: string; newPassword: string; confirmPassword: string }

/** The password rules for a change: every field, the strength rule, then the match. */
export function validatePasswordChange(input: PasswordChangeForm): ValidationResult {
  if (input.currentPassword === '' || input.newPassword === '' || input.confirmPassword === '')
    return messages.fillAllFields
  if (!isStrongPassword(input.newPassword)) return messages.passwordStrength
  if (input.newPassword !== input.confirmPassword) return messages.passwordsDoNotMatch
  return null
}

/** The word the delete dialog asks for, exactly as accounts.delete expects it. */
export const deleteConfirmation = 'DELETE'
