import type { PlanId } from '#app.catalog.ts'
import { DomainError } from '#events/domain-error.ts'
import type { Aggregate } from '#events/store/aggregate.ts'
import { commandHandler } from '#events/store/command-handler.ts'
import { refuseErasedOwner, type Owner } from '#events/users/owner.ts'
import {
  evolveSession,
  initialSessionState,
  interviewEventDefinitions,
  interviewStreamId,
  type InterviewEvent,
  type SessionState,
} from './interview-session.ts'

/** A session that ends with no question inside this time is given back (docs/decisions/0008-interview-usage.md). */
export const gracePeriodMs = 5 * 60_000
/** A session with no activity for this long is treated as abandoned when the next one starts. */
export const abandonAfterMs = 2 * 60 * 60_000

type Asked = Extract<InterviewEvent, { type: 'InterviewAsked' }>['data']
type Transcribed = Extract<InterviewEvent, { type: 'AudioTranscribed' }>['data']
type Analyzed = Extract<InterviewEvent, { type: 'ScreenshotAnalyzed' }>['data']
type Rated = Extract<InterviewEvent, { type: 'AnswerRated' }>['data']

export type SessionCommand =
  | {
      type: 'Start'
      owner: Owner
      sessionId: string
      userId: string
      mode: 'voice' | 'text'
      planType: PlanId
      context: Extract<InterviewEvent, { type: 'InterviewSessionStarted' }>['data']['context']
    }
  | {
      type: 'RecordQuestion'
      owner: Owner
      userId: string
      asked: Asked
      transcribed?: Transcribed
      analyzed?: Analyzed
    }
  | { type: 'End'; userId: string; now: Date; reason: 'ended' | 'abandoned' }
  | { type: 'RateAnswer'; owner: Owner; userId: string; rated: Rated }

export const sessionMessages = {
  notFound: 'Interview session not found',
  ended: 'This interview session has ended. Start a new one with POST /interview/session/start.',
  questionNotFound: 'There is no such question in this interview session',
} as const

function wouldCount(state: Extract<SessionState, { status: 'active' | 'ended' }>, now: Date): boolean {
  return state.questionsAsked > 0 || now.getTime() - state.startedAt.getTime() >= gracePeriodMs
}

function decideSession(command: SessionCommand, state: SessionState): InterviewEvent[] {
  switch (command.type) {
    case 'Start':
      refuseErasedOwner(command.owner)
      if (state.status !== 'none') throw new DomainError('already-exists', 'This interview session exists already')
      return [
        {
          type: 'InterviewSessionStarted',
          data: {
            sessionId: command.sessionId,
            userId: command.userId,
            mode: command.mode,
            planType: command.planType,
            context: command.context,
          },
        },
      ]
    case 'RecordQuestion':
      refuseErasedOwner(command.owner)
      if (state.status === 'none' || state.userId !== command.userId)
        throw new DomainError('not-found', sessionMessages.notFound)
      if (state.status === 'ended') throw new DomainError('session-ended', sessionMessages.ended)
      return [
        ...(command.transcribed ? [{ type: 'AudioTranscribed' as const, data: command.transcribed }] : []),
        ...(command.analyzed ? [{ type: 'ScreenshotAnalyzed' as const, data: command.analyzed }] : []),
        { type: 'InterviewAsked', data: command.asked },
      ]
    case 'End':
      if (state.status === 'none' || state.userId !== command.userId)
        throw new DomainError('not-found', sessionMessages.notFound)
      if (state.status === 'ended') return []
      return [
        {
          type: 'InterviewSessionEnded',
          data: {
            reason: command.reason,
            questionsAsked: state.questionsAsked,
            durationMs: Math.max(0, command.now.getTime() - state.startedAt.getTime()),
            counted: wouldCount(state, command.now),
          },
        },
      ]
    case 'RateAnswer':
      refuseErasedOwner(command.owner)
      if (state.status === 'none' || state.userId !== command.userId)
        throw new DomainError('not-found', sessionMessages.notFound)
      if (!state.questionIds.includes(command.rated.questionId))
        throw new DomainError('not-found', sessionMessages.questionNotFound)
      return [{ type: 'AnswerRated', data: command.rated }]
    default: {
      const unknownCommand: never = command
      return unknownCommand
    }
  }
}

export const interviewSessionAggregate = {
  events: interviewEventDefinitions,
  streamId: interviewStreamId,
  initialState: initialSessionState,
  evolve: evolveSession,
  decide: decideSession,
} satisfies Aggregate<SessionState, typeof interviewEventDefinitions, SessionCommand>

/** Every command on an interview session goes through this handler. */
export const interviewSessionCommands = commandHandler(interviewSessionAggregate)
