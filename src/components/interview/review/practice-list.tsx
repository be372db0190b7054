import { AppLink } from '#src/components/app-link.tsx'
import { practiceReasons } from '#rules/review-labels.ts'
import type { PracticeItem } from './review-types.ts'

/** The weak spots of a session: one click opens the practice console with questions generated on that topic. */
export function PracticeList({ items }: { items: readonly PracticeItem[] }) {
  return (
    <section
      aria-labelledby="practice-heading"
      className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm dark:border-gray-800 dark:bg-gray-900"
    >
      <h2 id="practice-heading" className="text-lg font-semibold text-gray-900 dark:text-white">
        Practice these
      </h2>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-gray-600 dark:text-gray-400">
          No weak spots in this interview: every answer was confident and none was rated low.
        </p>
      ) : (
        <ul className="mt-2 space-y-2" data-testid="practice-list">
          {items.map((item) => (
            <li key={item.questionId} className="text-sm">
              <AppLink
                href={`/interview?practice=${encodeURIComponent(item.topic.slice(0, 200))}`}
                className="font-semibold break-words text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand dark:text-indigo-300"
              >
                Practise: {item.topic}
              </AppLink>{' '}
              <span className="text-gray-600 dark:text-gray-400">({practiceReasons[item.reason]})</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
