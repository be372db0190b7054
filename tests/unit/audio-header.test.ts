import { describe, expect, it } from 'vitest'
import { magicBytes } from '#tests/support/magic-bytes.ts'
import { sniffAudio } from '#server/ai/audio-header.ts'

describe('recognising a recording by its first bytes', () => {
  it.each([
    ['WAV', magicBytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '), 'audio/wav'],
    ['WebM / Matroska', magicBytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81]), 'audio/webm'],
    ['Ogg', magicBytes('OggS', [0, 2, 0, 0]), 'audio/ogg'],
    ['FLAC', magicBytes('fLaC', [0, 0, 0, 0x22]), 'audio/flac'],
    ['MP3 with an ID3 tag', magicBytes('ID3', [4, 0, 0, 0, 0, 0, 0]), 'audio/mpeg'],
    ['MP3 frame without a tag', magicBytes([0xff, 0xfb, 0x90, 0x64]), 'audio/mpeg'],
    ['M4A', magicBytes([0, 0, 0, 0x20], 'ftypM4A ', [0, 0, 0, 0]), 'audio/mp4'],
  ])('%s', (_name, recording, mimeType) => {
    expect(sniffAudio(recording)?.mimeType).toBe(mimeType)
  })

  it.each([
    ['text', magicBytes('hello, this is not audio')],
    ['a PNG', magicBytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
    ['a WebP (RIFF but not WAVE)', magicBytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 ')],
    ['a reserved MPEG version', magicBytes([0xff, 0xeb, 0x90, 0x64])],
    ['nothing', magicBytes()],
  ])('refuses %s', (_name, notAudio) => {
    expect(sniffAudio(notAudio)).toBeUndefined()
  })
})
