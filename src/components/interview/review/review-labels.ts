import { questionCategories, questionCategoryLabels } from '#rules/question-category.ts'

/** The five groups in the order the summary lists them, with their names. */
export const categoryRows = questionCategories.map((category) => ({
  category,
  label: questionCategoryLabels[category],
}))

/** "1 min 5 s", "42 s": a session's length as a person reads it. */
export function formatLength(ms: number): string {
  const seconds = Math.round(ms / 1000)
  if (seconds < 60) return `${seconds} s`
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`
}
