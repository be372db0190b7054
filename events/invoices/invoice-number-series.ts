import type { Transaction } from 'kysely'
import type { InvoiceSeriesTables } from './tables.ts'

/**
 * Takes the next number of a financial year's series inside the caller's transaction. The upsert
 * locks the year's row until that transaction ends, so concurrent payments queue here and each
 * gets the number after the last committed one; a transaction that rolls back (its append failed)
 * gives its number back with it. Numbers therefore run 1, 2, 3… with no gap and no reuse, as long
 * as the caller appends the invoice in the same transaction.
 */
export async function takeNextInvoiceNumber(
  trx: Transaction<InvoiceSeriesTables>,
  financialYear: string,
): Promise<number> {
  const row = await trx
    .insertInto('invoice_number_series')
    .values({ financial_year: financialYear, last_number: 1 })
    .onConflict((conflict) =>
      conflict
        .column('financial_year')
        .doUpdateSet((eb) => ({ last_number: eb('invoice_number_series.last_number', '+', 1) })),
    )
    .returning('last_number')
    .executeTakeFirstOrThrow()
  return row.last_number
}
