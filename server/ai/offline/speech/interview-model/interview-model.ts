/**
 * Builds the interview speech model: a trigram language model of interview language (from the
 * knowledge base) and a dictionary of just its words, next to a link to the installed acoustic
 * model, laid out as PocketSphinx's model folder so the recognizer can use it as its `modelDir`.
 * The folder is named after a hash of its content, so it is built once per machine and version.
 */
import { createHash } from 'node:crypto'
import { constants } from 'node:fs'
import { access, mkdir, readFile, rename, rm, stat, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { interviewCorpus, type CorpusSentence } from './corpus.ts'
import { buildArpa, type WeightedSentence } from './ngram.ts'
import { createPronouncer, parseCmuDictionary } from './pronunciations.ts'
import { spokenTokens } from './spoken-words.ts'

export const installedModelDirs = ['/usr/share/pocketsphinx/model/en-us', '/usr/local/share/pocketsphinx/model/en-us']

export type InterviewModelFiles = { arpa: string; dictionary: string; words: number }

/** The language model and dictionary text for a corpus, given the CMU dictionary's text. */
export function buildInterviewModel(
  cmuDictionary: string,
  corpus: readonly CorpusSentence[] = interviewCorpus(),
): InterviewModelFiles {
  const pronouncer = createPronouncer(parseCmuDictionary(cmuDictionary))
  const tokenised = corpus.map(({ text, weight }) => ({ tokens: spokenTokens(text), weight }))
  const pronunciations = new Map<string, readonly string[]>()
  for (const { tokens } of tokenised) {
    for (const { word, written } of tokens) {
      if (pronunciations.has(word)) continue
      const phones = pronouncer.pronounce(word, written)
      if (phones) pronunciations.set(word, phones)
    }
  }
  // A word without a pronunciation ends the sentence there rather than joining its neighbours.
  const sentences: WeightedSentence[] = []
  for (const { tokens, weight } of tokenised) {
    let words: string[] = []
    for (const { word } of tokens) {
      if (pronunciations.has(word)) words.push(word)
      else if (words.length > 0) {
        sentences.push({ words, weight })
        words = []
      }
    }
    if (words.length > 0) sentences.push({ words, weight })
  }
  const dictionary = [...pronunciations]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .flatMap(([word, variants]) =>
      variants.map((phones, index) => `${index === 0 ? word : `${word}(${index + 1})`} ${phones}`),
    )
  return { arpa: buildArpa(sentences), dictionary: `${dictionary.join('\n')}\n`, words: pronunciations.size }
}

/** Bumped whenever the way the model is built changes, so old cached folders are not reused. */
const BUILD_VERSION = 2

/** The model folder (built if needed), or null when no PocketSphinx English model is installed. */
export async function prepareInterviewModel(
  options: { modelDirs?: readonly string[]; cacheDir?: string } = {},
): Promise<string | null> {
  const installed = await findInstalledModel(options.modelDirs ?? installedModelDirs)
  if (!installed) return null
  const cmuPath = join(installed, 'cmudict-en-us.dict')
  const corpus = interviewCorpus()
  // Keyed by the inputs, not the output, so a cached model costs no rebuild at start.
  const { size, mtimeMs } = await stat(cmuPath)
  const hash = createHash('sha256')
    .update(JSON.stringify({ BUILD_VERSION, installed, size, mtimeMs }))
    .update(JSON.stringify(corpus))
    .digest('hex')
    .slice(0, 16)
  const folder = join(options.cacheDir ?? tmpdir(), `interview-helper-speech-${hash}`)
  if (await exists(join(folder, 'en-us.lm.bin'))) return folder
  const files = buildInterviewModel(await readFile(cmuPath, 'utf8'), corpus)
  // Built beside the final name and renamed into place, so a concurrent build never sees half a folder.
  const staging = `${folder}.${process.pid}.${Date.now()}`
  await mkdir(staging, { recursive: true })
  try {
    await symlink(join(installed, 'en-us'), join(staging, 'en-us'), 'dir')
    // PocketSphinx recognises the ARPA text format by content, whatever the file is called.
    await writeFile(join(staging, 'en-us.lm.bin'), files.arpa)
    await writeFile(join(staging, 'cmudict-en-us.dict'), files.dictionary)
    await rename(staging, folder).catch(async (error: unknown) => {
      if (!(await exists(join(folder, 'en-us.lm.bin')))) throw error
    })
  } finally {
    await rm(staging, { recursive: true, force: true })
  }
  return folder
}

async function findInstalledModel(dirs: readonly string[]): Promise<string | undefined> {
  for (const dir of dirs) {
    if ((await exists(join(dir, 'en-us', 'mdef'))) && (await exists(join(dir, 'cmudict-en-us.dict')))) return dir
  }
  return undefined
}

const exists = (path: string) =>
  access(path, constants.R_OK).then(
    () => true,
    () => false,
  )
