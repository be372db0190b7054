import { auditLog } from './audit-log.ts'
import { revealField } from './reveal-field.ts'
import { timeTravel } from './time-travel.ts'
import { timeline } from './timeline.ts'

/** The timeline, its audited reveal, the audit list and time travel. */
export const timelineProcedures = { timeline, revealField, auditLog, timeTravel }
