const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 })

/** 9900 paise → "₹99"; 120000 → "₹1,200". */
export function formatPaise(paise: number): string {
  return rupees.format(paise / 100)
}
