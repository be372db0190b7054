import { describe, expect, it } from 'vitest'
import { messages } from '#rules/auth-rules.ts'
import {
  signUpFieldInError,
  validateNewPassword,
  validateResetRequest,
  validateSignIn,
  validateSignUp,
  type SignUpForm,
} from '#src/auth/validation.ts'

// The product's exact texts: the tests spell them out instead of reading them back from the module.
const text = {
  fillAll: 'Please fill in all fields.',
  firstName: 'First name must be between 2 and 50 characters.',
  lastName: 'Last name must be between 2 and 50 characters.',
  email: 'Please enter a valid email address.',
  password: 'Password must be at least 8 characters with 1 uppercase, 1 lowercase, and 1 number.',
  mismatch: 'Passwords do not match.',
  bothLogin: 'Please enter both email and password.',
  resetEmail: 'Please enter your email address.',
  bothPasswords: 'Please fill in both password fields.',
}

const valid: SignUpForm = {
  firstName: 'Asha',
  lastName: 'Rao',
  email: 'asha@example.com',
  password: 'Secret123',
  confirmPassword: 'Secret123',
}

describe('sign-in validation', () => {
  it.each([
    [{ email: '', password: 'x' }, text.bothLogin],
    [{ email: 'a@b.co', password: '' }, text.bothLogin],
    [{ email: '   ', password: 'x' }, text.bothLogin],
    [{ email: 'not-an-email', password: 'x' }, text.email],
    [{ email: 'a@b', password: 'x' }, text.email],
    [{ email: 'a b@c.de', password: 'x' }, text.email],
  ])('%o → %s', (input, expected) => {
    expect(validateSignIn(input)).toBe(expected)
  })

  it('accepts a standard address with any password', () => {
    expect(validateSignIn({ email: ' asha@example.com ', password: 'x' })).toBeNull()
  })
})

describe('sign-up validation (checked in order)', () => {
  it('accepts a valid form', () => {
    expect(validateSignUp(valid)).toBeNull()
  })

  it.each(['firstName', 'lastName', 'email', 'password', 'confirmPassword'] as const)('1. requires %s', (field) => {
    expect(validateSignUp({ ...valid, [field]: '' })).toBe(text.fillAll)
  })

  it('1. a name of spaces counts as missing', () => {
    expect(validateSignUp({ ...valid, firstName: '   ' })).toBe(text.fillAll)
  })

  it.each([
    ['A', text.firstName],
    ['x'.repeat(51), text.firstName],
    ['Al', null],
    ['x'.repeat(50), null],
  ])('2. first name %j → %s', (firstName, expected) => {
    expect(validateSignUp({ ...valid, firstName })).toBe(expected)
  })

  it.each([
    ['R', text.lastName],
    ['x'.repeat(51), text.lastName],
    ['Ro', null],
  ])('3. last name %j → %s', (lastName, expected) => {
    expect(validateSignUp({ ...valid, lastName })).toBe(expected)
  })

  it('4. e-mail must be valid', () => {
    expect(validateSignUp({ ...valid, email: 'asha@' })).toBe(text.email)
  })

  it.each(['short1A', 'alllowercase1', 'ALLUPPERCASE1', 'NoDigitsHere'])('5. password %j is too weak', (password) => {
    expect(validateSignUp({ ...valid, password, confirmPassword: password })).toBe(text.password)
  })

  it('6. confirmation must match', () => {
    expect(validateSignUp({ ...valid, confirmPassword: 'Secret124' })).toBe(text.mismatch)
  })

  it('reports the earliest broken rule when several are broken', () => {
    const everythingWrong = { firstName: 'A', lastName: 'B', email: 'bad', password: 'weak', confirmPassword: 'other' }
    expect(validateSignUp(everythingWrong)).toBe(text.firstName)
    expect(validateSignUp({ ...everythingWrong, firstName: 'Asha' })).toBe(text.lastName)
    expect(validateSignUp({ ...everythingWrong, firstName: 'Asha', lastName: 'Rao' })).toBe(text.email)
    expect(validateSignUp({ ...valid, password: 'weak', confirmPassword: 'other' })).toBe(text.password)
    expect(validateSignUp({ ...everythingWrong, lastName: '' })).toBe(text.fillAll)
  })

  it('points each message at its field', () => {
    expect(signUpFieldInError(text.fillAll, { ...valid, email: '', password: '' })).toEqual(['email', 'password'])
    expect(signUpFieldInError(text.mismatch, valid)).toEqual(['confirmPassword'])
    expect(signUpFieldInError('Something from the server', valid)).toEqual([])
  })
})

describe('reset validation', () => {
  it.each([
    ['', text.resetEmail],
    ['  ', text.resetEmail],
    ['nope', text.email],
    ['asha@example.com', null],
  ])('request %j → %s', (email, expected) => {
    expect(validateResetRequest({ email })).toBe(expected)
  })

  it.each([
    [{ password: '', confirmPassword: 'Secret123' }, text.bothPasswords],
    [{ password: 'Secret123', confirmPassword: '' }, text.bothPasswords],
    [{ password: 'weakweak', confirmPassword: 'weakweak' }, text.password],
    [{ password: 'Secret123', confirmPassword: 'Secret321' }, text.mismatch],
    [{ password: 'Secret123', confirmPassword: 'Secret123' }, null],
  ])('new password %o → %s', (input, expected) => {
    expect(validateNewPassword(input)).toBe(expected)
  })
})

it('the shared rules module holds the same texts', () => {
  expect(messages).toMatchObject({
    fillAllFields: text.fillAll,
    firstNameLength: text.firstName,
    lastNameLength: text.lastName,
    invalidEmail: text.email,
    passwordStrength: text.password,
    passwordsDoNotMatch: text.mismatch,
    enterEmailAndPassword: text.bothLogin,
    enterEmail: text.resetEmail,
    fillBothPasswords: text.bothPasswords,
  })
})
