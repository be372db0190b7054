import { describe, expect, it } from 'vitest'
import { safeReturnPath, signInDestination } from '#src/auth/navigation-state.ts'
import { readRecoveryTokens, withoutRecoveryTokens } from '#src/auth/recovery-link.ts'
import { isCurrent, signedInLinks, signedOutLinks } from '#src/components/nav/nav-links.ts'
import { userDisplayName, userInitial } from '#src/components/nav/user-identity.ts'
import { hrefOf } from '#src/lib/link-target.ts'

describe('where sign-in leads', () => {
  it('goes back to the page the user came from', () => {
    expect(signInDestination({ from: '/subscription?tab=billing' })).toEqual({
      href: '/subscription?tab=billing',
      state: {},
    })
  })

  it('goes to /dashboard when there was none, or it was /login', () => {
    expect(signInDestination({})).toEqual({ href: '/dashboard', state: {} })
    expect(signInDestination({ from: '/login' })).toEqual({ href: '/dashboard', state: {} })
    expect(signInDestination({ from: '/login?x=1' })).toEqual({ href: '/dashboard', state: {} })
  })

  it('carries the plan and the continue-payment flag to the return path', () => {
    expect(signInDestination({ from: '/#pricing', planType: 'pro' })).toEqual({
      href: '/#pricing',
      state: { planType: 'pro', continuePayment: true },
    })
  })

  it('drops the plan when there is no return path', () => {
    expect(signInDestination({ planType: 'pro' })).toEqual({ href: '/dashboard', state: {} })
  })

  it('never leaves the site', () => {
    for (const from of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)']) {
      expect(safeReturnPath(from)).toBeNull()
    }
  })
})

describe('recovery links (/reset-password)', () => {
  it('reads the tokens from the hash', () => {
    expect(readRecoveryTokens({ hash: '#access_token=a1&refresh_token=r1&type=recovery', search: '' })).toEqual({
      accessToken: 'a1',
      refreshToken: 'r1',
    })
  })

  it('reads the tokens from the query', () => {
    expect(readRecoveryTokens({ hash: '', search: '?type=recovery&access_token=a2&refresh_token=r2' })).toEqual({
      accessToken: 'a2',
      refreshToken: 'r2',
    })
  })

  it('needs all three parts', () => {
    expect(readRecoveryTokens({ hash: '#access_token=a&refresh_token=r&type=signup', search: '' })).toBeNull()
    expect(readRecoveryTokens({ hash: '#access_token=a&type=recovery', search: '' })).toBeNull()
    expect(readRecoveryTokens({ hash: '', search: '' })).toBeNull()
  })

  it('strips the tokens and keeps everything else', () => {
    expect(
      withoutRecoveryTokens('http://h/reset-password#access_token=a&refresh_token=r&type=recovery&expires_in=3600&sb='),
    ).toBe('http://h/reset-password')
    expect(
      withoutRecoveryTokens('http://h/reset-password?access_token=a&refresh_token=r&type=recovery&lang=en#x=1'),
    ).toBe('http://h/reset-password?lang=en#x=1')
  })
})

describe('navigation bar', () => {
  it('lists the signed-out and signed-in links', () => {
    expect(signedOutLinks.map((link) => link.label)).toEqual(['Features', 'Pricing', 'Download', 'Contact Us'])
    expect(signedInLinks.map((link) => link.label)).toEqual(['Features', 'Dashboard', 'Download', 'Support'])
    expect(signedOutLinks.slice(0, 2).map(hrefOf)).toEqual(['/#features', '/#pricing'])
  })

  it('marks only the current page', () => {
    expect(isCurrent({ label: 'Dashboard', to: '/dashboard' }, '/dashboard')).toBe(true)
    expect(isCurrent({ label: 'Features', to: '/', hash: 'features' }, '/')).toBe(false)
  })

  it('shows the initial of the first name, else of the e-mail, else U', () => {
    expect(userInitial({ firstName: 'asha', email: 'z@y.x' })).toBe('A')
    expect(userInitial({ firstName: '', email: 'zed@y.x' })).toBe('Z')
    expect(userInitial({ firstName: '', email: '' })).toBe('U')
    expect(userInitial(null)).toBe('U')
  })

  it('shows the first name or the word User', () => {
    expect(userDisplayName({ firstName: 'Asha', email: 'a@b.c' })).toBe('Asha')
    expect(userDisplayName({ firstName: ' ', email: 'a@b.c' })).toBe('User')
    expect(userDisplayName(undefined)).toBe('User')
  })
})
