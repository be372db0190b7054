import { authorizedFetch, errorOfResponse } from './authorized-fetch.ts'

/**
 * Fetches a file of the REST API with the session's token (a plain link would carry none) and
 * saves it under `fileName`. Answers null when saved, else what went wrong.
 */
export async function downloadFile(path: string, fileName: string): Promise<string | null> {
  let response: Response
  try {
    response = await authorizedFetch(path)
  } catch {
    return 'Could not reach the server. Check your connection and try again.'
  }
  if (!response.ok) return errorOfResponse(response)
  const url = URL.createObjectURL(await response.blob())
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  // The click has handed the blob to the browser's download; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
  return null
}
