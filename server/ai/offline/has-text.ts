/** Whether a context field holds anything but whitespace. */
export function hasText(value: string | undefined): value is string {
  return value !== undefined && value.trim() !== ''
}
