/** The last number issued in each financial year's invoice series (decision 0034): part of the write side, not a view. */
export type InvoiceSeriesTables = {
  invoice_number_series: { financial_year: string; last_number: number }
}
