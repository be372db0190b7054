import { expect } from 'vitest'
import { DomainError } from '#events/domain-error.ts'
import type { Aggregate } from '#events/store/aggregate.ts'
import type { EventDefinition, EventOf } from '#events/store/event-definition.ts'

/** A past event; `createdAt` only matters to aggregates that keep time, and defaults to the epoch. */
type PastEvent<Event> = Event & { createdAt?: Date }

type DeepPartial<T> = T extends object ? { [Key in keyof T]?: DeepPartial<T[Key]> } : T

const epoch = new Date(0)

/**
 * given(past events).when(command).then(decided events), or .thenThrows(the refusal's code and
 * message), for an aggregate's decider: the history is folded with its evolve, the command decided
 * on the state it leads to.
 */
export function deciderSpec<State, Definitions extends readonly EventDefinition[], Command>(
  aggregate: Aggregate<State, Definitions, Command>,
) {
  type Event = EventOf<Definitions[number]>
  return {
    given: (...history: PastEvent<Event>[]) => {
      const state = history.reduce(
        (current, event) => aggregate.evolve(current, { ...event, createdAt: event.createdAt ?? epoch }),
        aggregate.initialState,
      )
      return {
        when: (command: Command) => {
          const decide = () => aggregate.decide(command, state)
          return {
            /** Exactly these events, in this order ([] for none). */
            then: (expected: Event[]) => {
              expect(decide()).toEqual(expected)
            },
            /** As many events as given, each matching the given fields. */
            thenMatches: (expected: DeepPartial<Event>[]) => {
              expect(decide()).toMatchObject(expected)
            },
            /** A DomainError with this code and, when given, this message (a string exactly, a pattern as a match). */
            thenThrows: (code: string, message?: string | RegExp) => {
              const refusal = refusalOf(decide)
              expect(refusal.code).toBe(code)
              if (typeof message === 'string') expect(refusal.message).toBe(message)
              else if (message) expect(refusal.message).toMatch(message)
            },
          }
        },
      }
    },
  }
}

const isDomainError = (error: unknown): error is DomainError => error instanceof DomainError

function refusalOf(decide: () => unknown): DomainError {
  let decided: unknown
  try {
    decided = decide()
  } catch (error) {
    if (isDomainError(error)) return error
    throw error
  }
  throw new Error(`Expected a refusal, but the decider decided ${JSON.stringify(decided)}`)
}
