import { Card } from '#src/components/ui/card.tsx'

const tips = [
  'Check your microphone before the call: a session you end within 5 minutes without asking a question does not use an interview.',
  'Add your resume, the role and the job description as context, so answers speak about your own experience.',
  'Set the window’s opacity with Ctrl+1 and Ctrl+2 so it never covers the interviewer’s face.',
  'Warm up in the practice console: generate questions on the topic of the interview and answer them out loud.',
] as const

export function ProTips() {
  return (
    <Card id="pro-tips-heading" title="Pro tips">
      <ul className="list-disc space-y-2 pl-5 text-sm text-fg-body marker:text-brand">
        {tips.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
    </Card>
  )
}
