/** How the review names a question's mode, its answer's trust and source, and why it is worth practising: on the page, in the PDF and in the CSV alike. */
export const reviewModeLabels = {
  text: 'Typed',
  voice: 'Voice',
  screenshot: 'Screenshot',
  generated: 'Generated practice question',
} as const

export const trustLabels = {
  confident: 'Answered confidently',
  'low-confidence': 'Low confidence',
  abstained: 'No reliable answer: the structured approach was shown',
  unknown: 'Confidence not recorded',
} as const

export const sourceLabels = {
  'knowledge-base': 'curated answer',
  framework: 'structured approach',
  model: 'AI model',
} as const

export const practiceReasons = {
  abstained: 'no reliable answer',
  'low-confidence': 'low confidence',
  'rated-low': 'you rated it low',
  'asked-again': 'asked again in a later interview',
} as const
