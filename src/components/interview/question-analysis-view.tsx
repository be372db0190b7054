import type { QuestionAnalysis } from '#src/interview/interview-types.ts'
import { AnswerMeta } from './answer-meta.tsx'

function List({ title, items, ordered = false }: { title: string; items: string[]; ordered?: boolean }) {
  if (items.length === 0) return null
  const Tag = ordered ? 'ol' : 'ul'
  return (
    <div>
      <h4 className="font-semibold text-fg">{title}</h4>
      <Tag className={`mt-1 space-y-1 pl-5 ${ordered ? 'list-decimal' : 'list-disc'}`}>
        {items.map((item, index) => (
          <li key={index}>{item}</li>
        ))}
      </Tag>
    </div>
  )
}

export function QuestionAnalysisView({ analysis }: { analysis: QuestionAnalysis }) {
  return (
    <section
      aria-label="Question analysis"
      className="mt-4 space-y-3 rounded-xl border border-line p-4 text-sm text-fg-body"
    >
      <p>
        <span className="font-semibold text-fg">
          {analysis.category} · {analysis.difficulty}
        </span>
        {' — '}
        {analysis.intent}
      </p>
      {analysis.suggestedApproach && <p>{analysis.suggestedApproach}</p>}
      <List title="Key concepts" items={analysis.keyConcepts} />
      <List title="Answer outline" items={analysis.answerOutline} ordered />
      <List title="Follow-up questions" items={analysis.followUpQuestions} />
      <AnswerMeta latencyMs={analysis.latencyMs} />
    </section>
  )
}
