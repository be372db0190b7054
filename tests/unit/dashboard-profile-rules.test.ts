import { describe, expect, it } from 'vitest'
import { messages } from '#rules/auth-rules.ts'
import { validatePasswordChange, validateProfileName } from '#src/components/profile/profile-rules.ts'

describe('profile name rules (the sign-up rules)', () => {
  it.each([
    [{ firstName: '', lastName: 'Rao' }, messages.fillAllFields],
    [{ firstName: 'Asha', lastName: '   ' }, messages.fillAllFields],
    [{ firstName: 'A', lastName: 'Rao' }, messages.firstNameLength],
    [{ firstName: 'Asha', lastName: 'R'.repeat(51) }, messages.lastNameLength],
    [{ firstName: 'A', lastName: 'R' }, messages.firstNameLength],
    [{ firstName: ' Asha ', lastName: 'Rao' }, null],
  ])('%o → %s', (input, expected) => {
    expect(validateProfileName(input)).toBe(expected)
  })
})

describe('password change rules', () => {
  const valid = { currentPassword: 'Old12345', newPassword: 'NewPass123', confirmPassword: 'NewPass123' }
  it.each([
    [{ ...valid, currentPassword: '' }, messages.fillAllFields],
    [{ ...valid, confirmPassword: '' }, messages.fillAllFields],
    [{ ...valid, newPassword: 'newpass123', confirmPassword: 'newpass123' }, messages.passwordStrength],
    [{ ...valid, newPassword: 'Short1', confirmPassword: 'Short1' }, messages.passwordStrength],
    [{ ...valid, confirmPassword: 'NewPass124' }, messages.passwordsDoNotMatch],
    [valid, null],
  ])('%o → %s', (input, expected) => {
    expect(validatePasswordChange(input)).toBe(expected)
  })
})
