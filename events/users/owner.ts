import { DomainError } from '#events/domain-error.ts'

export const erasedAccountMessage = 'This account has been deleted.'

/**
 * What the decider of something a person owns (an order, a plan, an interview) knows about that
 * person when they ask for something new: whether their account was erased (`ownerOf`, in
 * `owner-check.ts`).
 */
export type Owner = { userId: string; erased: boolean }

/** Nothing new is accepted for an erased person: it would write about them after their erasure. */
export function refuseErasedOwner(owner: Owner): void {
  if (owner.erased) throw new DomainError('erased', erasedAccountMessage)
}
