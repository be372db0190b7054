export const inputClass =
  'mt-1 block w-full rounded-lg border border-control bg-canvas px-3 py-2 text-sm text-fg shadow-sm placeholder:text-fg-placeholder focus-field disabled:opacity-60'
export const labelClass = 'block text-sm font-medium text-fg-body'
export const primaryButton =
  'inline-flex items-center justify-center rounded-lg bg-brand px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand/90 focus-ring disabled:cursor-not-allowed disabled:opacity-60'
export const secondaryButton =
  'inline-flex items-center justify-center rounded-lg border border-control bg-surface px-4 py-2 text-sm font-semibold text-fg-control hover:bg-subtle focus-ring disabled:cursor-not-allowed disabled:opacity-60'
export const dangerButton =
  'inline-flex items-center justify-center rounded-lg bg-danger-button px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-danger-button-hover focus-ring disabled:cursor-not-allowed disabled:opacity-60'
export const hintClass = 'mt-2 text-sm text-fg-muted'
