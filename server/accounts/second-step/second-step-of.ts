import type { Kysely, Transaction } from 'kysely'
import { keyFor, unseal } from '#events/pii/pii-vault.ts'
import type { EventStore } from '#events/store/event-store.ts'
import { userCommands } from '#events/users/user-decider.ts'
import { noSecondStep, type SecondStepState } from '#events/users/second-step.ts'
import type { Database } from '#server/db/schema.ts'
import { z } from 'zod'

type Executor = Kysely<Database> | Transaction<Database>

/** An authenticator as its owner sees it, and the secret only the server reads. */
export type AuthenticatorRecord = {
  id: string
  name: string
  confirmed: boolean
  secret: string | undefined
  addedAt: Date
  lastUsedAt: Date | null
}

const hashList = z.array(z.string())

/**
 * A person's authenticators and recovery codes as their history tells it: the decider's state (which
 * codes are spent) and the sealed values opened with their key (gone once they are erased).
 */
export async function loadSecondStep(store: EventStore, userId: string, executor: Executor) {
  const { events, state } = await userCommands.load(store, userId, executor)
  const secondStep: SecondStepState = state.status === 'unregistered' ? noSecondStep : state.secondStep
  const key = await keyFor(executor, userId)
  const open = (sealed: string) => unseal(key, userId, sealed)
  const records = new Map<string, AuthenticatorRecord>()
  let recoveryHashes: string[] = []
  for (const event of events) {
    switch (event.type) {
      case 'AuthenticatorAdded':
        records.set(event.data.authenticatorId, {
          id: event.data.authenticatorId,
          name: open(event.data.name) ?? '',
          confirmed: false,
          secret: open(event.data.secret),
          addedAt: event.createdAt,
          lastUsedAt: null,
        })
        break
      case 'AuthenticatorConfirmed':
      case 'SecondStepPassed':
      case 'AuthenticatorRenamed': {
        const record = records.get(event.data.authenticatorId)
        if (!record) break
        if (event.type === 'AuthenticatorRenamed') record.name = open(event.data.name) ?? ''
        else record.lastUsedAt = event.createdAt
        break
      }
      case 'RecoveryCodesIssued': {
        const opened = open(event.data.codes)
        recoveryHashes = opened === undefined ? [] : hashList.parse(JSON.parse(opened))
        break
      }
      default:
        break
    }
  }
  const authenticators = secondStep.authenticators.flatMap((each) => {
    const record = records.get(each.id)
    return record ? [{ ...record, confirmed: each.confirmed }] : []
  })
  return {
    state: secondStep,
    erased: state.status === 'erased',
    authenticators,
    recoveryHashes: secondStep.recoveryCodes > 0 ? recoveryHashes : [],
  }
}

export type LoadedSecondStep = Awaited<ReturnType<typeof loadSecondStep>>
