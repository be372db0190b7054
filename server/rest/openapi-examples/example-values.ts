import { findPlan, noFeatures, type Features, type PlanType } from '#app.catalog.ts'

/**
 * The one person, order and session every example is about, as the server answered them in a
 * sandbox run: Asha buys the Professional plan, starts a session and asks about closures.
 */
export const exampleIds = {
  user: 'b29f7a9a-3b0b-42e1-ba83-943a72a1a717',
  session: '14858cf9-68c1-4149-94b2-7fc0b8336cb0',
  question: '64b73862-187f-4501-a1c8-32c2c3413dbe',
  order: 'order_test_07166982999491',
  payment: 'pay_test_57ac9b179d00bb',
  signature: '73134e8e659d15a8344c93eeaf0fa3b6af092ac7c932ea79a38c79214b130ab8',
  invoice: 'IH/2026-27/000001',
} as const

export const exampleTimes = {
  created: '2026-11-24T14:40:40.091Z',
  signedIn: '2026-11-24T14:40:41.184Z',
  ordered: '2026-11-24T14:40:41.382Z',
  periodStart: '2026-11-24T14:40:41.587Z',
  periodEnd: '2026-12-24T14:40:41.587Z',
  sessionStarted: '2026-11-24T14:40:42.279Z',
  asked: '2026-11-24T14:40:42.433Z',
  sessionEnded: '2026-11-24T14:40:42.663Z',
} as const

export const examplePerson = {
  email: 'asha.rao@example.com',
  password: 'Interview-2026',
  firstName: 'Asha',
  lastName: 'Rao',
} as const

export const exampleTokens = {
  accessToken:
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoidXNlciIsInNpZCI6ImQ3MWQxYzBhLTUyMDktNDhmYy05NWE2LTNjNWI2MmNhM2Y0ZCIsInN1YiI6ImIyOWY3YTlhLTNiMGItNDJlMS1iYTgzLTk0M2E3MmExYTcxNyIsImlzcyI6ImludGVydmlldy1oZWxwZXIiLCJhdWQiOiJpbnRlcnZpZXctaGVscGVyLWFwaSIsImlhdCI6MTc5NTUzMTI0MSwiZXhwIjoxNzk1NTMyMTQxfQ.gWMaejqMlnzoNhkUhSx5rIjVbqjVt_NK-Zs1E4MlZzc',
  refreshToken: 'HhzJousFG3cKFOaN7ARDraemPcDAb6GFxSYgxFtFcZM',
} as const

export const exampleUser = {
  id: exampleIds.user,
  email: examplePerson.email,
  firstName: examplePerson.firstName,
  lastName: examplePerson.lastName,
  avatar_url: null,
  phone: null,
  role: 'user',
  emailConfirmed: true,
  providers: ['password'],
  createdAt: exampleTimes.created,
  lastLoginAt: exampleTimes.signedIn,
} as const

/** A plan's features as the catalogue lists them, so the examples follow the catalogue. */
export const exampleFeatures = (planType: PlanType): Features =>
  (planType === 'none' ? undefined : findPlan(planType)?.features) ?? noFeatures

export const exampleSubscription = {
  planType: 'professional',
  status: 'active',
  billingCycle: 'monthly',
  currentPeriodStart: exampleTimes.periodStart,
  currentPeriodEnd: exampleTimes.periodEnd,
  daysUntilExpiry: 30,
  isActive: true,
  interviewsIncluded: 15,
  scheduledChange: null,
} as const

export const noSubscription = {
  planType: 'none',
  status: 'none',
  billingCycle: 'monthly',
  currentPeriodStart: null,
  currentPeriodEnd: null,
  daysUntilExpiry: 0,
  isActive: false,
  interviewsIncluded: 0,
  scheduledChange: null,
} as const

export const exampleInterviews = { used: 1, remaining: 14, total: 15 } as const

export const exampleGist =
  'A closure is a function bundled together with the variables from the scope where it was created, so it can still access those variables after the outer function has returned.'

export const exampleAnswer = `**In short:** ${exampleGist}\n\n- A function plus its surrounding lexical scope\n- Outer variables stay accessible after return\n- Used for privacy, factories, memoization, callbacks\n\n**More detail**\n\nFor example, a makeCounter function can declare let count = 0 and return a function that increments and returns count; each returned counter keeps its own private count.`
