import { EventRegistry, type EventDefinition } from './store/event-definition.ts'
import { orderEventDefinitions } from './orders/order.ts'
import { subscriptionEventDefinitions } from './subscriptions/subscription.ts'
import { userEventDefinitions } from './users/user.ts'

/** Every domain event the application appends. Each aggregate's file contributes its definitions. */
export const eventDefinitions: readonly EventDefinition[] = [...userEventDefinitions, ...orderEventDefinitions, ...subscriptionEventDefinitions]

export const eventRegistry = new EventRegistry(eventDefinitions)
