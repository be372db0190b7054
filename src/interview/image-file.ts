export const screenshotTypes = ['image/png', 'image/jpeg', 'image/webp'] as const
const maxScreenshotBytes = 5 * 1024 * 1024

/** Why a chosen file cannot be sent as a screenshot, or null when it can. */
export function screenshotProblem(file: { type: string; size: number }): string | null {
  if (!(screenshotTypes as readonly string[]).includes(file.type)) return 'Choose a PNG, JPEG or WebP image.'
  if (file.size > maxScreenshotBytes) return 'The image must be at most 5 MB.'
  if (file.size === 0) return 'The image is empty.'
  return null
}

/** The file as a data: URL (base64), which interviews.screenshot accepts as is. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('The image could not be read.'))
    reader.onerror = () => reject(reader.error ?? new Error('The image could not be read.'))
    reader.readAsDataURL(file)
  })
}
