/**
 * GST arithmetic for an invoice, in whole paise. Prices are GST-inclusive, so the taxable value is
 * the price divided by (1 + rate), rounded to the nearest paisa with halves rounded up; the tax is
 * the rest, so taxable value plus tax is always exactly what was paid. The tax is split into equal
 * CGST and SGST halves, SGST taking the odd paisa.
 */
export type GstBreakdown = {
  total: number
  taxableValue: number
  rateBasisPoints: number
  cgst: number
  sgst: number
}

export function gstBreakdown(totalPaise: number, rateBasisPoints: number): GstBreakdown {
  if (!Number.isSafeInteger(totalPaise) || totalPaise < 0) throw new RangeError('totalPaise must be whole paise')
  if (!Number.isSafeInteger(rateBasisPoints) || rateBasisPoints < 0) throw new RangeError('rate must be basis points')
  const divisor = 10_000 + rateBasisPoints
  // round(total × 10000 / divisor), halves up, in integers.
  const taxableValue = Math.floor((2 * totalPaise * 10_000 + divisor) / (2 * divisor))
  const tax = totalPaise - taxableValue
  const cgst = Math.floor(tax / 2)
  return { total: totalPaise, taxableValue, rateBasisPoints, cgst, sgst: tax - cgst }
}

/**
 * The Indian financial year (1 April to 31 March) of a moment, as India's clock (UTC+5:30) tells
 * it: "2026-27". A payment at 23:00 UTC on 31 March is already 1 April in India.
 */
export function financialYearOf(moment: Date): string {
  const india = new Date(moment.getTime() + (5 * 60 + 30) * 60_000)
  const year = india.getUTCFullYear()
  const startYear = india.getUTCMonth() >= 3 ? year : year - 1
  return `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`
}

/** IH/2026-27/000123: the prefix, the financial year and the place in that year's one series. */
export function invoiceNumberOf(prefix: string, financialYear: string, sequence: number): string {
  return `${prefix}/${financialYear}/${String(sequence).padStart(6, '0')}`
}

const grouped = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** 9900 → "INR 99.00", 12345678 → "INR 1,23,456.78": the code, not the ₹ sign, which the PDF's standard fonts lack. */
export function formatInr(paise: number): string {
  return `INR ${grouped.format(paise / 100)}`
}

/** 1800 → "18%", 1250 → "12.5%". */
export function formatRate(basisPoints: number): string {
  return `${basisPoints / 100}%`
}
