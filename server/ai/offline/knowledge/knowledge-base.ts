import algorithms from './algorithms.json' with { type: 'json' }
import behavioural from './behavioural.json' with { type: 'json' }
import hrCareer from './hr-career.json' with { type: 'json' }
import dataStructures from './data-structures.json' with { type: 'json' }
import javascriptTypescript from './javascript-typescript.json' with { type: 'json' }
import networkingWeb from './networking-web.json' with { type: 'json' }
import react from './react.json' with { type: 'json' }
import sqlDatabases from './sql-databases.json' with { type: 'json' }
import systemDesign from './system-design.json' with { type: 'json' }
import testingDevops from './testing-devops.json' with { type: 'json' }
import softwareDesign from './software-design.json' with { type: 'json' }
import dataMl from './data-ml.json' with { type: 'json' }
import machineLearning from './machine-learning.json' with { type: 'json' }
import product from './product.json' with { type: 'json' }
import mobile from './mobile.json' with { type: 'json' }
import security from './security.json' with { type: 'json' }
import operatingSystems from './operating-systems.json' with { type: 'json' }
import codingProblemsAlgorithms from './coding-problems-algorithms.json' with { type: 'json' }
import codingProblemsDataStructures from './coding-problems-data-structures.json' with { type: 'json' }
import systemDesignProblems from './system-design-problems.json' with { type: 'json' }
import objectOrientedDesign from './object-oriented-design.json' with { type: 'json' }
import securityPractices from './security-practices.json' with { type: 'json' }
import linux from './linux.json' with { type: 'json' }
import devopsPractices from './devops-practices.json' with { type: 'json' }
import { kbFileSchema, type Category, type KbEntry } from './schema.ts'

export type KnowledgeFile = {
  category: Category
  data: unknown
}

export const knowledgeFiles: readonly KnowledgeFile[] = [
  { category: 'data-structures', data: dataStructures },
  { category: 'algorithms', data: algorithms },
  { category: 'system-design', data: systemDesign },
  { category: 'javascript-typescript', data: javascriptTypescript },
  { category: 'react', data: react },
  { category: 'sql-databases', data: sqlDatabases },
  { category: 'networking-web', data: networkingWeb },
  { category: 'behavioural', data: behavioural },
  { category: 'behavioural', data: hrCareer },
  { category: 'testing-devops', data: testingDevops },
  { category: 'software-design', data: softwareDesign },
  { category: 'data-ml', data: dataMl },
  { category: 'data-ml', data: machineLearning },
  { category: 'product', data: product },
  { category: 'mobile', data: mobile },
  { category: 'security', data: security },
  { category: 'operating-systems', data: operatingSystems },
  { category: 'algorithms', data: codingProblemsAlgorithms },
  { category: 'data-structures', data: codingProblemsDataStructures },
  { category: 'system-design', data: systemDesignProblems },
  { category: 'software-design', data: objectOrientedDesign },
  { category: 'security', data: securityPractices },
  { category: 'operating-systems', data: linux },
  { category: 'testing-devops', data: devopsPractices },
]

/** Validates every file and cross-file invariants; throws with the file and entry at fault. */
export function parseKnowledgeFiles(files: readonly KnowledgeFile[]): KbEntry[] {
  const entries: KbEntry[] = []
  const seen = new Set<string>()
  for (const file of files) {
    const parsed = kbFileSchema.safeParse(file.data)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      throw new Error(`knowledge base ${file.category}: ${issue?.path.join('.') ?? ''} ${issue?.message ?? 'invalid'}`)
    }
    for (const entry of parsed.data) {
      if (entry.category !== file.category) {
        throw new Error(`knowledge base ${file.category}: entry ${entry.id} has category ${entry.category}`)
      }
      if (seen.has(entry.id)) throw new Error(`knowledge base: duplicate id ${entry.id}`)
      seen.add(entry.id)
      entries.push(entry)
    }
  }
  return entries
}

// Kept on globalThis: the server and the page renderer are bundled separately, each with its own
// copy of this module; the entries are parsed and checked once per process.
const holder = globalThis as typeof globalThis & { __interviewHelperKnowledgeBase?: readonly KbEntry[] }

export const knowledgeBase: readonly KbEntry[] = (holder.__interviewHelperKnowledgeBase ??=
  parseKnowledgeFiles(knowledgeFiles))

const byId = new Map(knowledgeBase.map((entry) => [entry.id, entry]))

export function findEntry(id: string): KbEntry | undefined {
  return byId.get(id)
}
