import { sql, type Kysely } from 'kysely'

/**
 * Every webhook delivery ends with an outcome (processed, ignored, duplicate-payment or failed),
 * is retried on its own schedule (`next_attempt_at`), and keeps only the fields its processing
 * reads: the payer's contact and card details are stripped from the rows already stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('webhook_deliveries')
    .addColumn('outcome_detail', 'text')
    .addColumn('next_attempt_at', 'timestamptz')
    .addColumn('body_sha256', 'text')
    .execute()

  // Old outcomes were free text ('paid', 'no change (order paid)', 'ignored: why'); pending rows are due at once.
  await sql`
    update webhook_deliveries set
      outcome_detail = case when outcome like 'ignored: %' then substr(outcome, 10) else outcome end,
      outcome = case
        when processed_at is null then null
        when outcome like 'ignored%' then 'ignored'
        else 'processed'
      end,
      next_attempt_at = case when processed_at is null then received_at else null end
  `.execute(db)

  const at = (path: string) => sql.raw(`nullif(payload #> '{${path}}', 'null'::jsonb)`)
  await sql`
    update webhook_deliveries set payload = jsonb_build_object(
      'event', payload -> 'event',
      'createdAt', ${at('created_at')},
      'orderId', coalesce(${at('payload,payment,entity,order_id')}, ${at('payload,order,entity,id')}),
      'paymentId', ${at('payload,payment,entity,id')},
      'amount', ${at('payload,payment,entity,amount')},
      'currency', ${at('payload,payment,entity,currency')},
      'status', ${at('payload,payment,entity,status')},
      'errorCode', ${at('payload,payment,entity,error_code')},
      'errorDescription', ${at('payload,payment,entity,error_description')}
    )
  `.execute(db)

  await db.schema.dropIndex('webhook_deliveries_pending').execute()
  await sql`create index webhook_deliveries_due on webhook_deliveries (next_attempt_at) where outcome is null`.execute(
    db,
  )

  await db.schema
    .alterTable('orders_view')
    .addColumn('duplicate_payment_ids', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders_view').dropColumn('duplicate_payment_ids').execute()
  await db.schema.dropIndex('webhook_deliveries_due').execute()
  await db.schema
    .createIndex('webhook_deliveries_pending')
    .on('webhook_deliveries')
    .columns(['processed_at', 'received_at'])
    .execute()
  // The stripped payloads cannot come back; the outcomes fold back into the old free text.
  await sql`
    update webhook_deliveries set outcome = case
      when outcome = 'ignored' then 'ignored: ' || coalesce(outcome_detail, '')
      else coalesce(outcome_detail, outcome)
    end
  `.execute(db)
  await db.schema
    .alterTable('webhook_deliveries')
    .dropColumn('outcome_detail')
    .dropColumn('next_attempt_at')
    .dropColumn('body_sha256')
    .execute()
}
