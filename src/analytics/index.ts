export { track } from './analytics.ts'
export { analyticsEvents, type AnalyticsCategory, type AnalyticsEventName, type AnalyticsParams } from './categories.ts'
