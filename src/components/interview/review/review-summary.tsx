import { categoryRows, formatLength } from './review-labels.ts'
import type { ReviewSummary } from './review-types.ts'

/** The counts on top of a review: length, questions, the split by group and the weak answers. */
export function ReviewSummaryCard({ summary, durationMs }: { summary: ReviewSummary; durationMs: number }) {
  const facts = [
    { label: 'Duration', value: formatLength(durationMs) },
    { label: 'Questions', value: String(summary.questionCount) },
    { label: 'Low confidence', value: String(summary.lowConfidence) },
    { label: 'No reliable answer', value: String(summary.abstained) },
    {
      label: 'Your average rating',
      value: summary.averageRating === null ? 'Not rated yet' : `${summary.averageRating} of 5`,
    },
  ]
  return (
    <section
      aria-labelledby="review-summary-heading"
      className="rounded-2xl border border-line bg-surface p-5 shadow-sm"
    >
      <h2 id="review-summary-heading" className="text-lg font-semibold text-fg">
        Summary
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-5" data-testid="review-summary">
        {facts.map((fact) => (
          <div key={fact.label}>
            <dt className="text-xs text-fg-muted">{fact.label}</dt>
            <dd className="text-lg font-semibold text-fg">{fact.value}</dd>
          </div>
        ))}
      </dl>
      <table className="mt-4 w-full text-left text-sm" data-testid="review-categories">
        <caption className="sr-only">Questions by category</caption>
        <thead>
          <tr className="text-fg-muted">
            <th scope="col" className="py-1 font-medium">
              Category
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Questions
            </th>
          </tr>
        </thead>
        <tbody className="text-fg">
          {categoryRows.map(({ category, label }) => (
            <tr key={category} className="border-t border-line">
              <th scope="row" className="py-1 font-normal">
                {label}
              </th>
              <td className="py-1 text-right tabular-nums">{summary.byCategory[category]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
