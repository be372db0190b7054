import { describe, expect, it } from 'vitest'
import { backendRegistrationMessage, isInvalidCredentials, mapSignUpProviderError } from '#src/auth/provider-errors.ts'

describe('sign-up provider error mapping (by substring, in order)', () => {
  it.each([
    [
      'A user with this email address has already been registered',
      'This email is already registered. Please sign in instead.',
    ],
    ['Email address "x@y" is invalid', 'Invalid email address. Please check and try again.'],
    ['Unable to validate email address: invalid format', 'Invalid email address. Please check and try again.'],
    ['Email domain not allowed', 'This email domain is not allowed. Please use a different email.'],
    ['email rate limit exceeded', 'Too many attempts. Please wait a moment and try again.'],
    ['Too many requests', 'Too many attempts. Please wait a moment and try again.'],
    ['Signups not allowed for this instance', 'Signups not allowed for this instance'],
  ])('%j → %j', (providerMessage, expected) => {
    expect(mapSignUpProviderError(providerMessage)).toBe(expected)
  })

  it('is case-insensitive', () => {
    expect(mapSignUpProviderError('Email Rate Limit Exceeded')).toBe(
      'Too many attempts. Please wait a moment and try again.',
    )
  })

  it('checks in order: "already been registered" wins over "invalid"', () => {
    expect(mapSignUpProviderError('invalid: already been registered')).toBe(
      'This email is already registered. Please sign in instead.',
    )
    expect(mapSignUpProviderError('invalid domain')).toBe('Invalid email address. Please check and try again.')
  })

  it.each([undefined, null, '', '   '])('falls back when the provider gave no message (%j)', (providerMessage) => {
    expect(mapSignUpProviderError(providerMessage)).toBe('Signup failed. Please try again.')
  })
})

describe('sign-in errors', () => {
  it('recognises invalid credentials by code or by wording', () => {
    expect(isInvalidCredentials('anything', 'invalid_credentials')).toBe(true)
    expect(isInvalidCredentials('Invalid login credentials')).toBe(true)
    expect(isInvalidCredentials('Email not confirmed', 'email_not_confirmed')).toBe(false)
  })

  it('maps a failed backend registration', () => {
    const registered =
      "This email is already registered. If you signed up using 'Continue with Google', please use that option to sign in, or click 'Forgot Password' to set up a password for email login."
    expect(backendRegistrationMessage('User already exists')).toBe(registered)
    expect(backendRegistrationMessage('An account already exists for this email')).toBe(registered)
    expect(backendRegistrationMessage('database down')).toBe(
      'Account setup incomplete. Please try signing up again or contact support.',
    )
    expect(backendRegistrationMessage(undefined)).toBe(
      'Account setup incomplete. Please try signing up again or contact support.',
    )
  })
})
