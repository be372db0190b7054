/**
 * `npm run support -- replay|deliveries|refunds|grant|revoke` as an operator runs them, against a
 * PostgreSQL database a server of this test also uses: the same rule as the web (support staff
 * only, named with --as), the diff, and the role change.
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { beforeAll, describe, expect, it } from 'vitest'
import { projectRoot } from '#scripts/build-if-stale.mjs'
import { recordPayment } from '#server/payments/record-payment.ts'
import { registerDirectly } from '#tests/support/register-directly.ts'
import { suiteTeardown } from '#tests/support/suite-teardown.ts'
import { createTestRuntime, grantPlan, type TestRuntime } from '#tests/support/test-runtime.ts'

let test: TestRuntime
let staff: { userId: string; email: string }
let person: { userId: string; email: string }
let paidOrder: string

async function support(...args: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['scripts/support.ts', ...args], {
      cwd: projectRoot,
      env: { ...process.env, DATABASE_URL: test.database.url ?? '', LOG_LEVEL: 'warn' },
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

async function registered(lastName: string) {
  const userId = (await registerDirectly({ store: test.runtime.store }, lastName)).metadata.userId ?? ''
  return { userId, email: `${userId}@example.test` }
}

const teardown = suiteTeardown()
beforeAll(async () => {
  test = await createTestRuntime('postgres')
  teardown.add(() => test.close())
  staff = await registered('Staff')
  person = await registered('Kumar')
  paidOrder = await grantPlan(test.runtime, person.userId, 'starter')
  await test.runtime.jobs.settled()
})

const firstName = async () =>
  (
    await test.runtime.db
      .selectFrom('users_view')
      .select('first_name')
      .where('user_id', '=', person.userId)
      .executeTakeFirstOrThrow()
  ).first_name

describe('npm run support', () => {
  it('lists its commands when given none, and refuses an unknown one', async () => {
    const none = await support()
    expect(none.code).toBe(2)
    expect(none.stderr).toContain('replay <view> | --user <email|id> [--dry-run]')
    expect(none.stderr).toContain('deliveries [--failed|--pending]')
    expect((await support('nonsense')).code).toBe(2)
  })

  it('refuses replay and deliveries to anyone not named as support staff', async () => {
    const nobody = await support('replay', '--user', person.email, '--dry-run')
    expect(nobody.code).toBe(3)
    expect(nobody.stderr).toContain('--as staff@example.com')
    const plain = await support('deliveries', '--failed', '--as', person.email)
    expect(plain.code).toBe(3)
    expect(plain.stderr).toContain(`${person.email} is not support staff`)
  })

  it('grants the role, then replays a person: the dry run shows the damaged column, the replay restores it', async () => {
    const granted = await support('grant', staff.email)
    expect(granted.code).toBe(0)
    expect(granted.stdout).toContain(`${staff.email} is now support staff`)

    await test.runtime.db
      .updateTable('users_view')
      .set({ first_name: 'Mallory' })
      .where('user_id', '=', person.userId)
      .execute()
    const dryRun = await support('replay', '--user', person.email, '--dry-run', '--as', staff.email)
    expect(dryRun.code).toBe(0)
    expect(dryRun.stdout.trim().split('\n')).toEqual([
      `Dry run for ${person.email} (${person.userId}), nothing written:`,
      `~ users_view ${person.userId}: first_name "Mallory" → "Eve"`,
    ])
    expect(await firstName()).toBe('Mallory')

    const applied = await support('replay', '--user', person.email, '--as', staff.email)
    expect(applied.code).toBe(0)
    expect(applied.stdout).toContain(`~ users_view ${person.userId}: first_name "Mallory" → "Eve"`)
    expect(await firstName()).toBe('Eve')
  })

  it('rebuilds a whole view with its progress, and lists deliveries', async () => {
    const rebuilt = await support('replay', 'orders_view', '--as', staff.email)
    expect(rebuilt.code).toBe(0)
    expect(rebuilt.stdout).toMatch(/^orders_view: \d+\/\d+ events, \d+\.\d s \(running\)$/m)
    expect(rebuilt.stdout).toMatch(/^orders_view rebuilt from \d+ events in \d+\.\d s\.$/m)
    const unknown = await support('replay', 'no_such_view', '--as', staff.email)
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain('There is no view no_such_view')

    const failed = await support('deliveries', '--failed', '--as', staff.email)
    expect(failed).toMatchObject({ code: 0, stdout: 'No failed deliveries.\n' })
  })

  it('lists the payments to refund and refunds one through the gateway, once', async () => {
    await recordPayment(
      { runtime: test.runtime, metadata: () => ({ actor: { type: 'system' }, userId: person.userId }) },
      { orderId: paidOrder, paymentId: 'pay_test_twice', verifiedBy: 'webhook', amount: 9900 },
    )
    const due = `${paidOrder}  pay_test_twice  ₹99.00  sandbox  paid twice`
    const listed = await support('refunds', '--as', staff.email)
    expect(listed).toMatchObject({ code: 0, stdout: `${due}  to refund\n` })
    const refunded = await support('refunds', '--refund', paidOrder, 'pay_test_twice', '--as', staff.email)
    expect(refunded).toMatchObject({ code: 0, stdout: `${due}  refunded\n` })
    expect((await support('refunds', '--refund', paidOrder, 'pay_test_twice', '--as', staff.email)).code).toBe(0)
    const events = await test.runtime.store.readStream(`order-${paidOrder}`)
    expect(events.filter((event) => event.type === 'PaymentRefunded').map((event) => event.metadata.actor)).toEqual([
      { type: 'support', id: staff.userId },
    ])
    const unknown = await support('refunds', '--refund', paidOrder, 'pay_test_never', '--as', staff.email)
    expect(unknown).toMatchObject({ code: 1, stderr: expect.stringContaining('no payment by that id') as unknown })
  })

  it('revokes the role: the same staff member is refused from then on', async () => {
    expect((await support('revoke', staff.email)).code).toBe(0)
    expect((await support('deliveries', '--as', staff.email)).code).toBe(3)
  })
})
