import { EventRegistry, type EventDefinition } from './store/event-definition.ts'

/** Every domain event the application appends. Each aggregate's file contributes its definitions. */
export const eventDefinitions: readonly EventDefinition[] = []

export const eventRegistry = new EventRegistry(eventDefinitions)
