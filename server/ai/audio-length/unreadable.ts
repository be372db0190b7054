import { MediaUnreadableError } from '#server/ai/recognizer-errors.ts'

/** The refusal of a recording whose header or container is damaged or declares the impossible. */
export const unreadableRecording = (problem: string) =>
  new MediaUnreadableError(`The recording cannot be read: ${problem}.`)
