import { describe, expect, it } from 'vitest'
import { deriveNames, derivedOAuthPassword } from '#rules/oauth-names.ts'

describe('Google name fallback', () => {
  it('uses first_name and last_name when present', () => {
    expect(deriveNames({ first_name: 'Asha', last_name: 'Rao', full_name: 'Someone Else' }, 'x@y.z')).toEqual({
      firstName: 'Asha',
      lastName: 'Rao',
    })
  })

  it('splits full_name: first word, then the rest', () => {
    expect(deriveNames({ full_name: 'Asha  Devi Rao' }, 'x@y.z')).toEqual({ firstName: 'Asha', lastName: 'Devi Rao' })
  })

  it('falls back to the e-mail local part for the first name and Account for the last name', () => {
    expect(deriveNames({}, 'asha.rao@example.com')).toEqual({ firstName: 'asha.rao', lastName: 'Account' })
    expect(deriveNames({ full_name: 'Asha' }, 'x@y.z')).toEqual({ firstName: 'Asha', lastName: 'Account' })
  })

  it('falls back to User when there is nothing at all', () => {
    expect(deriveNames(null, null)).toEqual({ firstName: 'User', lastName: 'Account' })
    expect(deriveNames({ first_name: '  ', full_name: '' }, '')).toEqual({ firstName: 'User', lastName: 'Account' })
  })

  it('replaces names under 2 characters', () => {
    expect(deriveNames({ first_name: 'A', last_name: 'B' }, 'a@b.c')).toEqual({
      firstName: 'User',
      lastName: 'Account',
    })
    expect(deriveNames({}, 'j@example.com')).toEqual({ firstName: 'User', lastName: 'Account' })
  })

  it('cuts names to 50 characters', () => {
    const long = 'x'.repeat(80)
    const names = deriveNames({ first_name: long, last_name: `${long}y` }, 'a@b.c')
    expect(names.firstName).toBe('x'.repeat(50))
    expect(names.lastName).toBe('x'.repeat(50))
  })

  it('ignores metadata that is not text', () => {
    expect(deriveNames({ first_name: 42, last_name: { a: 1 }, full_name: 'Asha Rao' }, 'x@y.z')).toEqual({
      firstName: 'Asha',
      lastName: 'Rao',
    })
  })
})

describe('derived OAuth password', () => {
  it("is 'OAuth' + the first 8 characters of the user id + '1A'", () => {
    expect(derivedOAuthPassword('1b4e28ba-2fa1-11d2-883f-0016d3cca427')).toBe('OAuth1b4e28ba1A')
  })

  it('uses the whole id when it is shorter', () => {
    expect(derivedOAuthPassword('abc')).toBe('OAuthabc1A')
  })
})
