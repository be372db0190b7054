import { PDFDocument, StandardFonts } from 'pdf-lib'
import { questionCategories, questionCategoryLabels } from '#rules/question-category.ts'
import { practiceReasons, reviewModeLabels, sourceLabels, trustLabels } from '#rules/review-labels.ts'
import { documentWriter, muted } from '#server/pdf/text-writer.ts'
import type { SessionReview } from './session-review.ts'

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })
const clock = new Intl.DateTimeFormat('en-US', { timeStyle: 'short', timeZone: 'UTC' })

const minutes = (ms: number) => {
  const seconds = Math.round(ms / 1000)
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`
}

/**
 * One session's review as an A4 PDF, pages added as the questions need: the summary, what to
 * practise, then each question with its answer, trust, timing and the candidate's rating. Times
 * are UTC, as the file may be read anywhere.
 */
export async function renderReviewPdf(review: SessionReview): Promise<Uint8Array> {
  const { session, summary, questions, practice } = review
  const pdf = await PDFDocument.create()
  pdf.setTitle(`Interview review, ${when.format(new Date(session.startedAt))} UTC`)
  pdf.setAuthor('Interview Helper')
  if (session.endedAt) pdf.setCreationDate(new Date(session.endedAt))
  const regular = await pdf.embedFont(StandardFonts.Helvetica)
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold)
  const writer = documentWriter(pdf, regular, bold)

  writer.line('Interview review', { size: 18, font: bold })
  writer.line(`${when.format(new Date(session.startedAt))} UTC`, { color: muted })
  writer.gap(10)
  writer.pair('Duration', minutes(session.durationMs))
  writer.pair('Questions', String(summary.questionCount))
  writer.pair('Low confidence', String(summary.lowConfidence))
  writer.pair('No reliable answer', String(summary.abstained))
  writer.pair('Your rating', summary.averageRating === null ? 'Not rated yet' : `${summary.averageRating} of 5`)
  writer.gap(8)
  writer.line('Questions by category', { font: bold })
  for (const category of questionCategories)
    writer.amount(questionCategoryLabels[category], String(summary.byCategory[category]))
  writer.gap(8)

  writer.line('Practice these', { font: bold })
  if (practice.length === 0) writer.line('No weak spots: every answer was confident and none was rated low.')
  for (const item of practice) writer.wrapped(`- ${item.topic} (${practiceReasons[item.reason]})`)
  writer.gap(8)

  writer.line('Questions and answers', { font: bold, size: 13 })
  if (questions.length === 0) writer.line('No questions were asked in this interview.')
  for (const question of questions) {
    writer.gap(6)
    writer.rule()
    writer.wrapped(`${question.number}. ${question.question ?? 'The words of this question are no longer readable.'}`, {
      font: bold,
    })
    writer.line(
      `${clock.format(new Date(question.askedAt))} UTC · ${reviewModeLabels[question.mode]} · ${questionCategoryLabels[question.category]}`,
      { color: muted, size: 9 },
    )
    writer.wrapped(question.answer ?? 'The answer is no longer readable.')
    const confidence = question.confidence === null ? '' : ` (${Math.round(question.confidence * 100)} %)`
    const source = question.source === null ? '' : ` · Source: ${sourceLabels[question.source]}`
    writer.line(`${trustLabels[question.trust]}${confidence}${source} · Answered in ${question.latencyMs} ms`, {
      color: muted,
      size: 9,
    })
    if (question.rating !== null)
      writer.wrapped(`Your rating: ${question.rating} of 5${question.note ? `: ${question.note}` : ''}`, { size: 9 })
  }
  return pdf.save()
}
