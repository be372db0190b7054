/**
 * How interviewers describe an entry's concept without naming it ("a cache that evicts whatever
 * was used longest ago" for an LRU cache): a lexicon from each entry to everyday wordings of its
 * concept, written from how the concepts are commonly explained, indexed with the entry's own
 * question and phrasings. Kept apart from the entries because they are search vocabulary, not
 * questions to practise or to read aloud.
 */
import { z } from 'zod'
import dataStructuresAlgorithms from './everyday-wordings/data-structures-algorithms.json' with { type: 'json' }
import databasesWeb from './everyday-wordings/databases-web.json' with { type: 'json' }
import javascriptReact from './everyday-wordings/javascript-react.json' with { type: 'json' }
import systemsOperations from './everyday-wordings/systems-operations.json' with { type: 'json' }
import behavioural from './everyday-wordings/behavioural.json' with { type: 'json' }
import hrCareer from './everyday-wordings/hr-career.json' with { type: 'json' }
import codingProblems from './everyday-wordings/coding-problems.json' with { type: 'json' }
import systemDesignProblems from './everyday-wordings/system-design-problems.json' with { type: 'json' }
import machineLearning from './everyday-wordings/machine-learning.json' with { type: 'json' }
import objectOrientedDesign from './everyday-wordings/object-oriented-design.json' with { type: 'json' }
import securityOperations from './everyday-wordings/security-operations.json' with { type: 'json' }

const wordingsSchema = z.record(
  z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  z.array(z.string().trim().min(8)).min(1).max(6),
)

/** Entry id → its everyday wordings; every id must be an entry's (the knowledge-base test checks). */
export const everydayWordings: ReadonlyMap<string, readonly string[]> = new Map(
  [
    dataStructuresAlgorithms,
    databasesWeb,
    javascriptReact,
    systemsOperations,
    behavioural,
    hrCareer,
    codingProblems,
    systemDesignProblems,
    machineLearning,
    objectOrientedDesign,
    securityOperations,
  ].flatMap((file) => Object.entries(wordingsSchema.parse(file))),
)

export function everydayWordingsOf(id: string): readonly string[] {
  return everydayWordings.get(id) ?? []
}
