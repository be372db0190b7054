import { describe, expect, it } from 'vitest'
import { financialYearOf, formatInr, gstBreakdown, invoiceNumberOf } from '#rules/gst.ts'

describe('GST in an inclusive price', () => {
  it('splits ₹99 at 18 % into a taxable value and equal halves of tax that add up to the price', () => {
    // 9900 / 1.18 = 8389.83… → 8390; tax 1510 → CGST 755 + SGST 755.
    expect(gstBreakdown(9900, 1800)).toEqual({
      total: 9900,
      taxableValue: 8390,
      rateBasisPoints: 1800,
      cgst: 755,
      sgst: 755,
    })
  })

  it('rounds the taxable value to the nearest paisa, halves up, and gives SGST the odd paisa', () => {
    // 59 / 1.18 = 50 exactly, tax 9 → CGST 4 + SGST 5; 1 / 1.18 = 0.847… → 1, no tax.
    expect(gstBreakdown(59, 1800)).toMatchObject({ taxableValue: 50, cgst: 4, sgst: 5 })
    expect(gstBreakdown(1, 1800)).toMatchObject({ taxableValue: 1, cgst: 0, sgst: 0 })
    // A true half at 100 %: 3 / 2 = 1.5 → 2, tax 1 → SGST.
    expect(gstBreakdown(3, 10_000)).toMatchObject({ taxableValue: 2, cgst: 0, sgst: 1 })
  })

  it('always adds up to the price, for every price up to ₹5,000 and several rates', () => {
    const wrong: string[] = []
    for (const rate of [0, 500, 1200, 1250, 1800, 2800]) {
      for (let total = 0; total <= 500_000; total += 37) {
        const parts = gstBreakdown(total, rate)
        const adds = parts.taxableValue + parts.cgst + parts.sgst === total
        const halves = Math.abs(parts.cgst - parts.sgst) <= 1
        // The taxable value is within half a paisa of the exact quotient.
        const nearest = Math.abs(parts.taxableValue - (total * 10_000) / (10_000 + rate)) <= 0.5
        if (!adds || !halves || !nearest) wrong.push(`${total} at ${rate}: ${JSON.stringify(parts)}`)
      }
    }
    expect(wrong).toEqual([])
  })

  it('refuses fractions of a paisa', () => {
    expect(() => gstBreakdown(99.5, 1800)).toThrow(RangeError)
  })
})

describe('invoice numbers', () => {
  it('belong to the Indian financial year by India’s clock', () => {
    expect(financialYearOf(new Date('2026-11-21T10:00:00Z'))).toBe('2026-27')
    expect(financialYearOf(new Date('2027-03-31T18:29:59Z'))).toBe('2026-27')
    // 00:00 on 1 April in India is 18:30 UTC on 31 March.
    expect(financialYearOf(new Date('2027-03-31T18:30:00Z'))).toBe('2027-28')
    expect(financialYearOf(new Date('2100-01-15T00:00:00Z'))).toBe('2099-00')
  })

  it('read prefix, year and a six-digit place in the series', () => {
    expect(invoiceNumberOf('IH', '2026-27', 123)).toBe('IH/2026-27/000123')
    expect(invoiceNumberOf('IH', '2026-27', 1_234_567)).toBe('IH/2026-27/1234567')
  })

  it('show amounts as INR with Indian digit grouping', () => {
    expect(formatInr(9900)).toBe('INR 99.00')
    expect(formatInr(12_345_678)).toBe('INR 1,23,456.78')
  })
})
