import type { z } from 'zod'
import { EventValidationError, type StoredEvent } from './types.ts'

/**
 * One domain event type: its current payload schema and how to bring older payloads up to it.
 * `upcasters[n]` turns a payload stored at schema version n into version n + 1.
 */
export type EventDefinition<Type extends string = string, Schema extends z.ZodType = z.ZodType> = {
  type: Type
  schemaVersion: number
  schema: Schema
  upcasters?: Record<number, (data: unknown) => unknown>
}

export function defineEvent<const Type extends string, Schema extends z.ZodType>(
  definition: EventDefinition<Type, Schema>,
): EventDefinition<Type, Schema> {
  return definition
}

/** The event type union a set of definitions describes, as deciders and projections see it. */
export type EventOf<Definition> =
  Definition extends EventDefinition<infer Type, infer Schema extends z.ZodType<Record<string, unknown>>>
    ? { type: Type; data: z.infer<Schema> }
    : never

/**
 * Narrows a stored event to the types a set of definitions describes. The registry parsed its
 * data with the same schemas when it was read, so the type alone decides.
 */
export function isEventOf<const Definitions extends readonly EventDefinition[]>(
  definitions: Definitions,
  event: StoredEvent,
): event is StoredEvent & EventOf<Definitions[number]> {
  return definitions.some((definition) => definition.type === event.type)
}

export class EventRegistry {
  readonly #definitions = new Map<string, EventDefinition>()

  constructor(definitions: readonly EventDefinition[]) {
    for (const definition of definitions) {
      if (this.#definitions.has(definition.type)) throw new Error(`Event type ${definition.type} is defined twice`)
      this.#definitions.set(definition.type, definition)
    }
  }

  get types(): string[] {
    return [...this.#definitions.keys()]
  }

  schemaVersionOf(type: string): number {
    return this.#require(type).schemaVersion
  }

  /** Checks a new event's payload before anything is written. */
  parseNew(type: string, data: unknown): Record<string, unknown> {
    const result = this.#require(type).schema.safeParse(data)
    if (!result.success) {
      const detail = result.error.issues
        .map((issue) => `${issue.path.join('.') || '(data)'}: ${issue.message}`)
        .join('; ')
      throw new EventValidationError(`Invalid ${type} event: ${detail}`)
    }
    return result.data as Record<string, unknown>
  }

  /**
   * Brings a stored payload to the current schema version. Types no longer defined pass through
   * unchanged, so old history stays readable.
   */
  upcast(type: string, schemaVersion: number, data: unknown): Record<string, unknown> {
    const definition = this.#definitions.get(type)
    if (!definition) return data as Record<string, unknown>
    let current = data
    for (let version = schemaVersion; version < definition.schemaVersion; version += 1) {
      const upcaster = definition.upcasters?.[version]
      if (!upcaster) throw new Error(`No upcaster for ${type} from schema version ${version}`)
      current = upcaster(current)
    }
    return definition.schema.parse(current) as Record<string, unknown>
  }

  #require(type: string): EventDefinition {
    const definition = this.#definitions.get(type)
    if (!definition) throw new EventValidationError(`Unknown event type ${type}`)
    return definition
  }
}
