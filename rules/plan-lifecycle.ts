/** Deleting the account ends a paid plan at once; the refund policy gives nothing back for the rest of its period. */
export const accountDeletionNotice = (plan: string) =>
  `Your ${plan} plan ended with the account. The unused part of its period is not refunded, as our Cancellation and Refund Policy says.`

/** The same, asked before the deletion. */
export const accountDeletionWarning = (plan: string) =>
  `Your ${plan} plan ends now, with the account. The unused part of its period is not refunded, as our Cancellation and Refund Policy says.`

/**
 * What happens to a plan, in the words every dialog, error, e-mail and policy page uses. A plan is
 * one month paid once: at the end of its period it simply ends. Nothing renews and nothing is
 * charged automatically, with or without a switch to a lower plan scheduled; a scheduled switch
 * only decides which plan the account shows, waiting to be bought, once the period is over.
 *
 * Dates and prices come formatted by the caller (the site and the server format them their own way).
 */
export const planLifecycle = {
  /** The rule itself, said once wherever a period's end is mentioned. */
  noRenewal: 'Nothing renews and nothing is charged automatically.',

  /** When the period ends with nothing scheduled. */
  periodEnds: (plan: string, endDate: string) =>
    `Your ${plan} plan ends on ${endDate}. Nothing renews and nothing is charged automatically: buy a plan again whenever you want more interviews.`,

  /** When the period ends with a switch to a lower plan scheduled. */
  switchAtPeriodEnd: (current: string, next: string, endDate: string, nextPrice: string) =>
    `You keep ${current} and its interviews until ${endDate}, when it ends. Nothing renews and nothing is charged automatically: from then on your account shows ${next}, which you buy (${nextPrice} for a month) whenever you want more interviews.`,

  /** Cancelling a scheduled switch, said before the person confirms it. */
  keepInstead: (current: string, next: string, endDate: string) =>
    `If you cancel the switch to ${next}, you keep ${current} until ${endDate}, when it ends. Nothing renews and nothing is charged automatically.`,

  /** The same, once cancelled. */
  switchCancelled: (current: string, next: string, endDate: string) =>
    `The switch to ${next} is cancelled. You keep ${current} until ${endDate}, when it ends. Nothing renews and nothing is charged automatically.`,

  /** Any purchase while a switch is scheduled drops the switch. */
  purchaseDropsSwitch: (next: string, switchDate: string) => `Paying cancels your switch to ${next} on ${switchDate}.`,

  /** The period's interviews are used up. */
  interviewsUsedUp: (plan: string, included: number, endDate: string) =>
    `You have used all ${included} interviews of your ${plan} plan for this period, which ends on ${endDate}. For more interviews now, choose a higher plan or add a month on the pricing page. Nothing renews and nothing is charged automatically.`,
} as const
