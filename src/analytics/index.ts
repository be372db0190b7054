export { addAnalyticsSink, replaceAnalyticsSinks, track, type AnalyticsSink } from './analytics.ts'
export {
  analyticsCategories,
  analyticsEvents,
  type AnalyticsCategory,
  type AnalyticsEvent,
  type AnalyticsEventName,
  type AnalyticsParams,
} from './categories.ts'
export { currentDimensions, setAnalyticsDimensions, type AnalyticsDimensions } from './dimensions.ts'
