import { z } from 'zod'
import { interviewContextSchema } from '#server/ai/ai-schemas.ts'
import { knowledgeBase } from '#server/ai/offline/knowledge/knowledge-base.ts'
import { difficultySchema, type Category, type Difficulty, type KbEntry } from '#server/ai/offline/knowledge/schema.ts'
import { knowledgeIndex } from '#server/ai/offline/search/search-index.ts'
import { hashSeed, seededRandom, weightedSample } from './seeded-random.ts'
import {
  jobDescriptionKeywords,
  jobDescriptionRelevance,
  stripTopicFraming,
  topicRelevance,
} from './topic-relevance.ts'

/** The offline engine reads at most this much of a topic. */
export const OFFLINE_TOPIC_LIMIT = 200

/** What to practise: a topic, how hard, how many (five medium questions unless asked), and the job. */
const generateQuestionsInputSchema = z.object({
  topic: z.string().trim().min(1, 'Topic is required').max(OFFLINE_TOPIC_LIMIT),
  difficulty: difficultySchema.default('medium'),
  count: z.number().int().min(1).max(20).default(5),
  jobDescription: interviewContextSchema.shape.jobDescription,
})
export type GenerateQuestionsInput = z.input<typeof generateQuestionsInputSchema>

type GeneratedQuestion = {
  id: string
  question: string
  category: Category
  difficulty: Difficulty
  keyPoints: string[]
  hint: string
}

export type GeneratedQuestions = {
  questions: GeneratedQuestion[]
  topic: string
  difficulty: Difficulty
  requestedCount: number
  /** Questions at other difficulties added because too few matched the requested one. */
  filledFromDifficulties: { difficulty: Difficulty; count: number }[]
  /** Whether any question came from the job description rather than the topic. */
  usedJobDescription: boolean
  jobDescriptionKeywords: string[]
  topicMatched: boolean
  /** Plain-language notes about substitutions, for the user. */
  notes: string[]
}

/** Entries below this relevance (relative to the best match) are not on-topic. */
const MIN_TOPIC_RELEVANCE = 0.45
const MIN_JOB_RELEVANCE = 0.5
/** Share of the questions reserved for the job description when one is given. */
const JOB_SHARE = 0.4
/** Sampling favours relevance strongly, so repeats of the same input stay on-topic. */
const RELEVANCE_EXPONENT = 8

const neighbours: Readonly<Record<Difficulty, readonly Difficulty[]>> = {
  easy: ['medium', 'hard'],
  medium: ['easy', 'hard'],
  hard: ['medium', 'easy'],
}

type Candidate = {
  entry: KbEntry
  score: number
}

type Picker = {
  pick(pool: readonly Candidate[], n: number): KbEntry[]
  fills: Map<Difficulty, number>
}

/** Each further question from an already-used category counts this much less, for variety. */
const CATEGORY_DIVERSITY = 0.85
/** Each slot is drawn from the few best remaining candidates. */
const DRAW_FROM_TOP = 2

function createPicker(difficulty: Difficulty, random: () => number, taken: Set<string>): Picker {
  const fills = new Map<Difficulty, number>()
  const perCategory = new Map<Category, number>()
  return {
    fills,
    pick(pool, n) {
      const chosen: KbEntry[] = []
      for (const tier of [difficulty, ...neighbours[difficulty]]) {
        while (chosen.length < n) {
          const ranked = pool
            .filter((c) => c.entry.difficulty === tier && !taken.has(c.entry.id))
            .map((c) => ({
              entry: c.entry,
              score: c.score * Math.pow(CATEGORY_DIVERSITY, perCategory.get(c.entry.category) ?? 0),
            }))
            .sort((a, b) => b.score - a.score || a.entry.id.localeCompare(b.entry.id))
            .slice(0, DRAW_FROM_TOP)
          const [next] = weightedSample(ranked, 1, (c) => Math.pow(c.score, RELEVANCE_EXPONENT), random)
          if (!next) break
          taken.add(next.entry.id)
          perCategory.set(next.entry.category, (perCategory.get(next.entry.category) ?? 0) + 1)
          chosen.push(next.entry)
          if (tier !== difficulty) fills.set(tier, (fills.get(tier) ?? 0) + 1)
        }
      }
      return chosen
    },
  }
}

function hintFor(entry: KbEntry): string {
  const [first = '', second] = entry.keyPoints
  if (entry.category === 'behavioural') return `Answer with STAR and one real example. Start here: ${first}.`
  return second === undefined ? `Start with: ${first}.` : `Start with: ${first}. Then: ${second}.`
}

function toGenerated(entry: KbEntry): GeneratedQuestion {
  return {
    id: entry.id,
    question: entry.question,
    category: entry.category,
    difficulty: entry.difficulty,
    keyPoints: [...entry.keyPoints],
    hint: hintFor(entry),
  }
}

/** Every entry in a seeded random order, for topics the knowledge base knows nothing about. */
function generalPool(random: () => number): Candidate[] {
  return knowledgeBase.map((entry) => ({ entry, score: 0.5 + 0.5 * random() }))
}

/**
 * Interview questions for a topic, drawn from the knowledge base through the search index and
 * blended with the job description's topics. The same input always gives the same questions.
 */
export function generateQuestions(input: GenerateQuestionsInput): GeneratedQuestions {
  const { topic, difficulty, count, jobDescription } = generateQuestionsInputSchema.parse(input)
  const random = seededRandom(
    hashSeed(JSON.stringify([topic.toLowerCase(), difficulty, count, jobDescription?.trim() ?? ''])),
  )
  const notes: string[] = []

  const topicScores = topicRelevance(stripTopicFraming(topic), knowledgeIndex())
  const jobScores = jobDescription
    ? jobDescriptionRelevance(jobDescription, knowledgeIndex())
    : new Map<string, number>()
  const topicPool: Candidate[] = knowledgeBase
    .map((entry) => ({ entry, score: (topicScores.get(entry.id) ?? 0) + 0.3 * (jobScores.get(entry.id) ?? 0) }))
    .filter((c) => (topicScores.get(c.entry.id) ?? 0) >= MIN_TOPIC_RELEVANCE)
  const jobPool: Candidate[] = knowledgeBase
    .map((entry) => ({ entry, score: (jobScores.get(entry.id) ?? 0) + 0.3 * (topicScores.get(entry.id) ?? 0) }))
    .filter((c) => (jobScores.get(c.entry.id) ?? 0) >= MIN_JOB_RELEVANCE)

  const topicMatched = topicPool.length > 0
  let jobSlots =
    jobPool.length === 0 ? 0 : topicMatched ? (count >= 2 ? Math.max(1, Math.round(count * JOB_SHARE)) : 0) : count
  const taken = new Set<string>()
  const picker = createPicker(difficulty, random, taken)

  const fallbackPool = generalPool(random)
  const fromTopic = picker.pick(topicMatched ? topicPool : jobPool.length > 0 ? [] : fallbackPool, count - jobSlots)
  jobSlots = count - fromTopic.length
  const fromJob = picker.pick(jobPool, jobSlots)
  // Whichever source ran short, let the other one fill in.
  const backfill = picker.pick(topicMatched ? topicPool : fallbackPool, count - fromTopic.length - fromJob.length)
  const chosen = [...fromTopic, ...fromJob, ...backfill]

  if (!topicMatched) {
    notes.push(
      jobPool.length > 0
        ? `No questions matched the topic "${topic}", so these come from the job description.`
        : `No questions matched the topic "${topic}", so this is a general mix across categories.`,
    )
  }
  const filledFromDifficulties = [...picker.fills].map(([d, n]) => ({ difficulty: d, count: n }))
  if (filledFromDifficulties.length > 0) {
    const exact = chosen.filter((e) => e.difficulty === difficulty).length
    const added = filledFromDifficulties.map((f) => `${f.count} ${f.difficulty}`).join(' and ')
    notes.push(
      `Only ${exact} ${difficulty} question${exact === 1 ? '' : 's'} matched, so ${added} question${chosen.length - exact === 1 ? ' was' : 's were'} added.`,
    )
  }
  if (chosen.length < count) notes.push(`Only ${chosen.length} of the ${count} requested questions could be found.`)

  return {
    questions: chosen.map(toGenerated),
    topic,
    difficulty,
    requestedCount: count,
    filledFromDifficulties,
    usedJobDescription: fromJob.length > 0 || (!topicMatched && chosen.length > 0 && jobPool.length > 0),
    jobDescriptionKeywords: jobDescription ? jobDescriptionKeywords(jobDescription, knowledgeIndex()) : [],
    topicMatched,
    notes,
  }
}
