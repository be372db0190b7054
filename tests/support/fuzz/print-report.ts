import type { CampaignReport } from './campaign.ts'

/** The report as a reader wants it: counts by status and by mutation, then every finding. */
export function formatReport(report: CampaignReport, seed: number): string {
  const lines = [`${report.sent} requests over ${report.operations} operations (seed ${seed})`, '', 'by status:']
  for (const [status, count] of Object.entries(report.byStatus).sort()) lines.push(`  ${status.padEnd(4)} ${count}`)
  lines.push('', 'by mutation:')
  for (const [mutation, count] of Object.entries(report.byMutation).sort(([, a], [, b]) => b - a))
    lines.push(`  ${mutation.padEnd(26)} ${count}`)
  lines.push('', 'most time spent in:')
  for (const [operation, millis] of Object.entries(report.millisByOperation)
    .sort(([, a], [, b]) => b - a)
    .slice(0, 8))
    lines.push(`  ${operation.padEnd(44)} ${Math.round(millis).toLocaleString('en-US')} ms`)
  lines.push('', 'slowest answers:')
  for (const slow of report.slowest)
    lines.push(
      `  ${Math.round(slow.millis).toLocaleString('en-US').padStart(7)} ms ${slow.operation} [${slow.mutation}] ${slow.sent.slice(0, 100)}`,
    )
  lines.push('', 'no answer (no status), by kind:')
  for (const [kind, { count, reason, example }] of Object.entries(report.noAnswers))
    lines.push(`  ${kind.padEnd(30)} ${count}: ${reason}\n      e.g. ${example}`)
  if (Object.keys(report.noAnswers).length === 0) lines.push('  none')
  lines.push('', `findings: ${report.findings.length}`)
  for (const finding of report.findings.slice(0, 40))
    lines.push(
      `  ${finding.status} ${finding.method} ${finding.url} [${finding.mutation}] ${finding.reason}: ${finding.excerpt.replaceAll('\n', ' ').slice(0, 160)}\n      sent ${finding.sent}`,
    )
  if (report.findings.length > 40) lines.push(`  … and ${report.findings.length - 40} more`)
  lines.push(`events written by refused requests: ${report.eventsFromRefusals.length}`)
  for (const event of report.eventsFromRefusals.slice(0, 20))
    lines.push(
      `  ${event.type} from ${event.operation} [${event.mutation}] answered ${event.status} (${event.requestId})`,
    )
  return lines.join('\n')
}

export const campaignPassed = (report: CampaignReport) =>
  report.findings.length === 0 && report.eventsFromRefusals.length === 0 && !report.noAnswers.unexplained
