import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { seal } from '#events/pii/pii-vault.ts'
import { isSealed, maskData, maskFoundPerson, valueAt } from '#server/support/timeline/masking.ts'

const key = randomBytes(32)
const sealed = (text: string) => seal(key, 'u-1', text)

describe('masking a timeline event', () => {
  it('masks every sealed value, however deep, names its path, and leaves the rest as it is', () => {
    const data = {
      orderId: 'order_1',
      amount: 9900,
      buyer: { name: sealed('Asha Verma'), email: sealed('asha@example.com') },
      questions: [sealed('What is a hash map?'), 'not sealed'],
      avatarUrl: null,
      confirmed: true,
    }
    const { data: masked, masked: paths } = maskData(data)
    expect(paths).toEqual(['buyer.name', 'buyer.email', 'questions.0'])
    expect(masked).toEqual({
      orderId: 'order_1',
      amount: 9900,
      buyer: { name: '••••••', email: '••••••' },
      questions: ['••••••', 'not sealed'],
      avatarUrl: null,
      confirmed: true,
    })
    expect(JSON.stringify(masked)).not.toContain('pii:v1:')
  })

  it('finds the sealed value a path names, and nothing for a path that leads nowhere', () => {
    const data = { buyer: { email: sealed('asha@example.com') }, role: 'user' }
    expect(isSealed(valueAt(data, 'buyer.email'))).toBe(true)
    expect(isSealed(valueAt(data, 'role'))).toBe(false)
    expect(valueAt(data, 'buyer.email.length')).toBeUndefined()
    expect(valueAt(data, 'constructor')).toBeUndefined()
    expect(valueAt(data, 'buyer.phone')).toBeUndefined()
  })
})

describe('masking a person found by search, as the timeline masks them', () => {
  const person = { email: 'asha.verma@example.com', name: 'Asha Verma' }

  it('masks the name always, and the address unless the search typed all of it', () => {
    expect(maskFoundPerson(person, 'example.com')).toEqual({ email: 'a••••••@example.com', name: '••••••' })
    expect(maskFoundPerson(person, ' Asha.Verma@Example.com ')).toEqual({ email: person.email, name: '••••••' })
  })

  it('keeps what is missing missing', () => {
    expect(maskFoundPerson({ email: null, name: null }, 'asha')).toEqual({ email: null, name: null })
  })
})
