import { z } from 'zod'
import { defineEvent, EventRegistry } from '#events/store/event-definition.ts'

/** Small events for exercising the store and the projectors without any product rules. */
export const counterIncremented = defineEvent({
  type: 'CounterIncremented',
  schemaVersion: 1,
  schema: z.object({ by: z.number().int() }),
})

/** Version 2 added tags; version 1 payloads are upcast with an empty list. */
const noteAdded = defineEvent({
  type: 'NoteAdded',
  schemaVersion: 2,
  schema: z.object({ text: z.string().min(1), tags: z.array(z.string()) }),
  upcasters: { 1: (data) => ({ ...(data as object), tags: [] }) },
})

export const testRegistry = new EventRegistry([counterIncremented, noteAdded])

export const systemActor = { actor: { type: 'system' as const } }
