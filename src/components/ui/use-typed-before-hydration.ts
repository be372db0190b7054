import { useLayoutEffect, useRef, type RefObject } from 'react'

/** The field elements whose value a user types into. */
type Field = HTMLInputElement | HTMLTextAreaElement

/**
 * What a field shows that the form's state does not have: the text to hand on, or null. An empty
 * field counts too: a prefilled value the user cleared before hydration is handed on as ''.
 */
export function typedBeforeHydration(field: { readonly value: string } | null, rendered: string): string | null {
  return field !== null && field.value !== rendered ? field.value : null
}

/**
 * Keeps what a user typed into a server-rendered field before the page hydrated. React hydrates a
 * controlled field without touching its value and without telling the component (its stable
 * builds replay no change event for it), so the form's state stays empty while the field shows the
 * text, and the next render writes the state back over it. Once mounted, this hands the field's own
 * value to `onValueChange` when it differs from `value`; the field is only read, never written,
 * so a browser's autofill is left as it is.
 *
 * A layout effect: it runs in the commit that hydrates the field, before any render could follow.
 */
export function useTypedBeforeHydration<Element extends Field>(
  value: string,
  onValueChange: (value: string) => void,
): RefObject<Element | null> {
  const ref = useRef<Element>(null)
  // The value and callback of the render that mounted the field: once, on mount, is the point.
  const mounted = useRef({ value, onValueChange })
  useLayoutEffect(() => {
    const typed = typedBeforeHydration(ref.current, mounted.current.value)
    if (typed !== null) mounted.current.onValueChange(typed)
  }, [])
  return ref
}
