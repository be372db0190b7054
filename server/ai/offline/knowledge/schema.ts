import { z } from 'zod'
import { GIST_MAX_WORDS, SPOKEN_MAX_WORDS } from '#rules/spoken-answer.ts'
import { countWords, entryGist, entrySpokenWords } from './spoken-shape.ts'

export const categories = [
  'data-structures',
  'algorithms',
  'system-design',
  'javascript-typescript',
  'react',
  'sql-databases',
  'networking-web',
  'behavioural',
  'testing-devops',
  'software-design',
  'data-ml',
  'product',
  'mobile',
  'security',
  'operating-systems',
] as const
const categorySchema = z.enum(categories)
export type Category = z.infer<typeof categorySchema>

const difficulties = ['easy', 'medium', 'hard'] as const
export const difficultySchema = z.enum(difficulties)
export type Difficulty = z.infer<typeof difficultySchema>

export const categoryLabels: Record<Category, string> = {
  'data-structures': 'Data structures',
  algorithms: 'Algorithms',
  'system-design': 'System design',
  'javascript-typescript': 'JavaScript / TypeScript',
  react: 'React',
  'sql-databases': 'SQL and databases',
  'networking-web': 'Networking and the web',
  behavioural: 'Behavioural',
  'testing-devops': 'Testing, DevOps and cloud',
  'software-design': 'Software design',
  'data-ml': 'Data science and machine learning',
  product: 'Product management',
  mobile: 'Mobile',
  security: 'Security',
  'operating-systems': 'Operating systems',
}

const MIN_ANSWER_WORDS = 60
const MAX_ANSWER_WORDS = 200

const kbEntrySchema = z
  .strictObject({
    id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'ids are lowercase kebab-case'),
    category: categorySchema,
    difficulty: difficultySchema,
    question: z.string().trim().min(8),
    /** One line to say first, where the answer's first sentence is too long for it. */
    gist: z
      .string()
      .trim()
      .regex(/^[^\n]+$/, 'a gist is one line')
      .optional(),
    answer: z
      .string()
      .trim()
      .refine((a) => countWords(a) >= MIN_ANSWER_WORDS && countWords(a) <= MAX_ANSWER_WORDS, {
        message: `answers are ${MIN_ANSWER_WORDS}–${MAX_ANSWER_WORDS} words`,
      }),
    keyPoints: z.array(z.string().trim().min(3).max(140)).min(3).max(6),
    tags: z.array(z.string().trim().min(1)).min(2).max(14),
    alternatives: z.array(z.string().trim().min(8)).min(1).max(3),
    /**
     * The concepts this entry is the definition of, each as it is named ("binary search tree",
     * "BST"): the entry a plain "what is X?" should get. Written by hand, not read off the
     * question, because many concepts' own entries are asked as a comparison ("the difference
     * between a process and a thread" defines both) and many entries that name a concept in
     * their question are a task on it ("reverse a linked list"). A comparison that is no one
     * concept's own entry defines the comparison ("heap vs BST"). Left out where the entry
     * defines nothing (a story, a design exercise). Every word of a name must stay a term of its
     * own when analysed: a name that loses a word to the stop words ("HAVING clause" is
     * "clause") or to another word ("HTTPS" is "http") would be the definition of something
     * broader. A name of several words is named only by its words together and in order.
     */
    defines: z.array(z.string().trim().min(1)).min(1).max(6).optional(),
  })
  .refine((entry) => countWords(entryGist(entry)) <= GIST_MAX_WORDS, {
    message: `the gist (or the answer's first sentence) is at most ${GIST_MAX_WORDS} words: write a gist`,
    path: ['gist'],
  })
  .refine((entry) => entrySpokenWords(entry) <= SPOKEN_MAX_WORDS, {
    message: `the gist and key points are at most ${SPOKEN_MAX_WORDS} words together`,
    path: ['keyPoints'],
  })
export type KbEntry = z.infer<typeof kbEntrySchema>

export const kbFileSchema = z.array(kbEntrySchema).min(1)
