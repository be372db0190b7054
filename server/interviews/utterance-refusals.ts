/** What the streamed utterances' service answers when it refuses (decision 0121). */
import { maxQuestionAudioSeconds } from '#rules/media-limits.ts'

export const utteranceRefusals = {
  unknown:
    'No open utterance has this id: it was ended or cancelled, was dropped after going without audio for too long, belongs to someone else, or never existed',
  outOfOrder: (expected: number) => `Blocks are numbered from 0 without gaps: send block ${expected} next`,
  mismatch: (sequence: number) =>
    `Block ${sequence} was already received with other bytes; a repeat must carry the same bytes`,
  incomplete: (received: number, declared: number) =>
    `${declared} blocks were announced but ${received} were received: send the missing ones, then end again`,
  tooLong: `the utterance would last more than ${maxQuestionAudioSeconds} s, the most a spoken question may last.`,
  shortBlockNotLast: `Only the last block may be shorter than a tenth of a second; this utterance's last block was already sent`,
  ahead: (seconds: number) =>
    `The audio would run more than ${seconds} s ahead of the time since the open: send it as it is spoken (wait Retry-After seconds)`,
  tooManyOpens: 'Too many utterances opened this minute: wait Retry-After seconds',
  tooMany: (open: number) => `${open} of your utterances are already open; end or cancel one before opening another.`,
} as const
