import type { SupportCommand } from './support-command.ts'
import { timelineCommand } from './timeline.ts'

/** Every `npm run support` subcommand; each lives in a module of its own. */
export const supportCommands: readonly SupportCommand[] = [timelineCommand]
