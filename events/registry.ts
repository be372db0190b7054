import { EventRegistry, type EventDefinition } from './store/event-definition.ts'
import { userEventDefinitions } from './users/user.ts'

/** Every domain event the application appends. Each aggregate's file contributes its definitions. */
export const eventDefinitions: readonly EventDefinition[] = [...userEventDefinitions]

export const eventRegistry = new EventRegistry(eventDefinitions)
