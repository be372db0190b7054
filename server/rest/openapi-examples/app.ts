import type { TagExamples } from './operation-example.ts'

export const appExamples = {
  'GET /app/releases/latest': {
    request: { query: { platform: 'windows', current: '1.0.0' } },
    success: {
      updateAvailable: true,
      current: '1.0.0',
      latest: {
        platform: 'windows',
        version: '1.2.0',
        fileName: 'InterviewHelper-1.2.0-windows.zip',
        url: 'https://interviewhelper.example/downloads/windows/InterviewHelper-1.2.0-windows.zip',
        size: 84213760,
        sha256: '9f2c1d7e4b8a3f6c0e5d2a1b7c9e8f4a6d3b2c1e0f9a8b7c6d5e4f3a2b1c0d9e',
        notes: 'Answers stream word by word; the overlay remembers its position.',
        publishedAt: '2026-11-20T09:30:00.000Z',
      },
    },
  },
} satisfies TagExamples
