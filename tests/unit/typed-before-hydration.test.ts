import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { TextAreaField } from '#src/components/marketing/contact/text-area-field.tsx'
import { CodeField } from '#src/components/ui/code-field.tsx'
import { TextField } from '#src/components/ui/text-field.tsx'
import { typedBeforeHydration } from '#src/components/ui/use-typed-before-hydration.ts'

const ignore = () => undefined

describe('what a field shows that the form state does not have', () => {
  it('is the text typed into the field before hydration', () => {
    expect(typedBeforeHydration({ value: 'asha@example.com' }, '')).toBe('asha@example.com')
  })

  it('is an empty text when a prefilled field was cleared before hydration', () => {
    expect(typedBeforeHydration({ value: '' }, 'Asha')).toBe('')
  })

  it('is nothing when the field shows what the state has, or there is no field', () => {
    expect(typedBeforeHydration({ value: 'Asha' }, 'Asha')).toBeNull()
    expect(typedBeforeHydration({ value: '' }, '')).toBeNull()
    expect(typedBeforeHydration(null, 'Asha')).toBeNull()
  })
})

describe('the fields on the server', () => {
  it('still render the state as the value, with no trace of the ref', () => {
    const html = renderToString(
      createElement(
        'form',
        null,
        createElement(TextField, { label: 'Email', type: 'email', value: 'asha@example.com', onValueChange: ignore }),
        createElement(TextField, { label: 'Password', type: 'password', value: '', onValueChange: ignore }),
        createElement(CodeField, { label: 'Code', value: '123', onValueChange: ignore }),
        createElement(TextAreaField, { label: 'Message', value: 'Hello', onValueChange: ignore }),
      ),
    )
    expect(html).toContain('value="asha@example.com"')
    expect(html).toContain('value="123"')
    expect(html).toMatch(/<textarea[^>]*>Hello<\/textarea>/)
    expect(html).not.toContain('ref=')
  })
})
