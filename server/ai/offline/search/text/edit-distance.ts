/**
 * Optimal-string-alignment distance (Levenshtein plus adjacent transpositions), which is what
 * typing mistakes look like: "recieve", "javascirpt", "algoritm". Returns `max + 1` as soon as
 * the distance is known to exceed `max`, so scanning a vocabulary stays cheap.
 */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  const rows = a.length + 1
  const cols = b.length + 1
  let prevPrev = new Array<number>(cols).fill(0)
  let prev = Array.from({ length: cols }, (_, j) => j)
  for (let i = 1; i < rows; i++) {
    const current = new Array<number>(cols).fill(0)
    current[0] = i
    let rowMin = current[0]
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let value = Math.min((prev[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, (prevPrev[j - 2] ?? 0) + 1)
      }
      current[j] = value
      if (value < rowMin) rowMin = value
    }
    if (rowMin > max) return max + 1
    prevPrev = prev
    prev = current
  }
  return prev[cols - 1] ?? 0
}
