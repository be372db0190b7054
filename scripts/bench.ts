// `npm run bench`: prints performance figures. A benchmark, not a test: it never fails on a number.
import { benchCommands } from './bench/command-bench.ts'
import { benchEventStore, type Figure } from './bench/event-store-bench.ts'
import type { DatabaseKind } from '#tests/support/databases.ts'

const kinds: DatabaseKind[] = process.argv.includes('--pglite-only') ? ['pglite'] : ['pglite', 'postgres']

function print(title: string, figures: Figure[]) {
  console.log(`\n${title}`)
  const width = Math.max(...figures.map((figure) => figure.name.length))
  for (const figure of figures) {
    const value = Math.round(figure.value).toLocaleString('en-US').padStart(10)
    console.log(`  ${figure.name.padEnd(width)}  ${value} ${figure.unit}${figure.note ? `  (${figure.note})` : ''}`)
  }
}

console.log(`Interview Helper benchmarks — Node ${process.version}, ${new Date().toISOString()}`)
print('Event store and projector', await benchEventStore(kinds))
print('Commands: read-decide-append, streams serialised', await benchCommands(kinds))
print(
  'Projections: snapshots, lag, set-based rebuild',
  await (await import('./bench/projection-bench.ts')).benchProjections(kinds),
)
if (kinds.includes('postgres'))
  print('Sessions: start + end per person', await (await import('./bench/session-bench.ts')).benchSessions())
print('Auth: revocation check per request', await (await import('./bench/auth-bench.ts')).benchAuth(kinds))
print(
  'Support: rebuilding a whole view into shadow tables',
  await (await import('./bench/support-rebuild-bench.ts')).benchSupportRebuild(kinds),
)
print(
  "Support: a person's dry-run replay",
  await (await import('./bench/support-replay-bench.ts')).benchSupportReplay(kinds),
)
if (kinds.includes('postgres'))
  print(
    "Support: a person's timeline",
    await (await import('./bench/support-timeline-bench.ts')).benchSupportTimeline(),
  )
if (kinds.includes('postgres'))
  print(
    'Interview review: one session and the insights (Pro)',
    await (await import('./bench/review-bench.ts')).benchReview(),
  )
print('AI: offline engine, OCR and speech', await (await import('./bench/ai-bench.ts')).benchAi())
print('Live: end of utterance to first answer word', await (await import('./bench/live-bench.ts')).benchLive())
print(
  'Speech: voices, speeds, noise and transcript confidence',
  await (await import('./bench/speech-bench.ts')).benchSpeech(),
)
print(
  'Speech: development and test parts, clean and noisy, decoder CPU',
  await (await import('./bench/speech-parts-bench.ts')).benchSpeechParts(),
)
print(
  'Speech: transcript confidence on the development and test parts (before and after its language rules)',
  await (await import('./bench/speech-confidence-bench.ts')).benchSpeechConfidence(),
)
print(
  'Speech: building the transcript scorer (before: ARPA text parsed back; after: the estimate queried)',
  await (await import('./bench/transcript-scorer-bench.ts')).benchTranscriptScorer(),
)
print('Web: landing page (production build)', await (await import('./bench/web-bench.ts')).benchWeb())
