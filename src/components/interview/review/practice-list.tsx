import { Link } from '@tanstack/react-router'
import { practiceReasons } from '#rules/review-labels.ts'
import type { PracticeItem } from './review-types.ts'

/** The weak spots of a session: one click opens the practice console with questions generated on that topic. */
export function PracticeList({ items }: { items: readonly PracticeItem[] }) {
  return (
    <section aria-labelledby="practice-heading" className="rounded-2xl border border-line bg-surface p-5 shadow-sm">
      <h2 id="practice-heading" className="text-lg font-semibold text-fg">
        Practice these
      </h2>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-fg-muted">
          No weak spots in this interview: every answer was confident and none was rated low.
        </p>
      ) : (
        <ul className="mt-2 space-y-2" data-testid="practice-list">
          {items.map((item) => (
            <li key={item.questionId} className="text-sm">
              <Link
                to="/interview"
                search={{ practice: item.topic.slice(0, 200) }}
                className="font-semibold break-words text-accent hover:underline focus-ring"
              >
                Practise: {item.topic}
              </Link>{' '}
              <span className="text-fg-muted">({practiceReasons[item.reason]})</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
