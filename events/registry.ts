import { EventRegistry, type EventDefinition } from './store/event-definition.ts'
import { interviewEventDefinitions } from './interviews/interview-session.ts'
import { orderEventDefinitions } from './orders/order.ts'
import { subscriptionEventDefinitions } from './subscriptions/subscription.ts'
import { userEventDefinitions } from './users/user.ts'
import { contactEventDefinitions } from './contact/contact-message.ts'
import { invoiceEventDefinitions } from './invoices/invoice.ts'
import { supportAuditEventDefinitions } from './support/support-audit.ts'

/** Every domain event the application appends. Each aggregate's file contributes its definitions. */
const eventDefinitions: readonly EventDefinition[] = [
  ...userEventDefinitions,
  ...orderEventDefinitions,
  ...subscriptionEventDefinitions,
  ...interviewEventDefinitions,
  ...contactEventDefinitions,
  ...invoiceEventDefinitions,
  ...supportAuditEventDefinitions,
]

export const eventRegistry = new EventRegistry(eventDefinitions)
