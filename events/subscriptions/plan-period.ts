/** A plan period is one calendar month from the moment of payment. */
export function addOneMonth(start: Date): Date {
  const end = new Date(start)
  end.setUTCMonth(end.getUTCMonth() + 1)
  // 31 January + 1 month lands in March; keep it at the last day of February instead.
  if (end.getUTCDate() !== start.getUTCDate()) end.setUTCDate(0)
  return end
}
