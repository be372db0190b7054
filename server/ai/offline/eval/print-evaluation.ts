// Prints the retrieval figures: node server/ai/offline/eval/print-evaluation.ts
import { evaluateRetrieval } from './evaluate.ts'

const result = evaluateRetrieval()
console.log(`held-out questions: ${result.total}`)
console.log(`precision@1: ${result.precisionAt1} (${result.top1Correct}/${result.total})`)
console.log(`recall@3:    ${result.recallAt3} (${result.top3Correct}/${result.total})`)
for (const miss of result.misses) {
  console.log(
    `  miss: "${miss.question}" expected ${miss.expectedId} (rank ${miss.expectedRank ?? '>10'}), got ${miss.got.join(', ')}`,
  )
}
