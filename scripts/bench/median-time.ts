/** The median time of `work` over `rounds` runs after one warm-up run, in milliseconds. */
export async function medianTimeMs(work: () => Promise<unknown>, rounds: number): Promise<number> {
  await work()
  const times: number[] = []
  for (let round = 0; round < rounds; round += 1) {
    const started = performance.now()
    await work()
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  return times[Math.floor(times.length / 2)] ?? 0
}
