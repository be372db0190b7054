import type { inferRouterOutputs } from '@trpc/server'
import { questionCategories, questionCategoryLabels, type QuestionCategory } from '#rules/question-category.ts'
import type { AppRouter } from '#server/trpc/router.ts'

export type Insights = inferRouterOutputs<AppRouter>['interviews']['insights']
type Week = Insights['weeks'][number]

const weekLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })

/** "Nov 23": the Monday a week starts on, as the charts and their tables name it. */
const labelOfWeek = (weekStart: string) => weekLabel.format(new Date(`${weekStart}T00:00:00Z`))

export type ProgressChart = {
  id: string
  title: string
  /** The series drawn, each a column of the table beside the chart. */
  series: readonly { key: string; label: string }[]
  kind: 'bar' | 'stacked' | 'line'
  /** The unit of the values, for the axis and the table. */
  unit: '' | '%' | 'of 5'
  rows: readonly Record<string, string | number | null>[]
}

const percent = (share: number | null) => (share === null ? null : Math.round(share * 100))

/** The four charts of the progress page, each as the rows its table shows: one row per week. */
export function progressCharts(weeks: readonly Week[]): ProgressChart[] {
  const week = (entry: Week) => ({ week: labelOfWeek(entry.weekStart) })
  return [
    {
      id: 'sessions-per-week',
      title: 'Interviews per week',
      kind: 'bar',
      unit: '',
      series: [{ key: 'sessions', label: 'Interviews' }],
      rows: weeks.map((entry) => ({ ...week(entry), sessions: entry.sessions })),
    },
    {
      id: 'questions-by-category',
      title: 'Questions by category',
      kind: 'stacked',
      unit: '',
      series: questionCategories.map((category) => ({ key: category, label: questionCategoryLabels[category] })),
      rows: weeks.map((entry) => ({
        ...week(entry),
        ...Object.fromEntries(
          questionCategories.map((category: QuestionCategory) => [category, entry.byCategory[category]]),
        ),
      })),
    },
    {
      id: 'confident-share',
      title: 'Share answered confidently',
      kind: 'line',
      unit: '%',
      series: [{ key: 'confident', label: 'Answered confidently' }],
      rows: weeks.map((entry) => ({ ...week(entry), confident: percent(entry.confidentShare) })),
    },
    {
      id: 'ratings',
      title: 'Your ratings of the answers',
      kind: 'line',
      unit: 'of 5',
      series: [{ key: 'rating', label: 'Average rating' }],
      rows: weeks.map((entry) => ({ ...week(entry), rating: entry.averageRating })),
    },
  ]
}
