/**
 * Romanised Hindi words made by rule rather than listed as they were missed: the closed classes
 * written out in full (pronouns in their case forms, postpositions, copulas, particles, question
 * words, words of talk), and the common verbs as stems times endings. A light verb's forms name
 * nothing; a content verb's stand for the English word the knowledge base uses ("rokoge" is
 * "prevent"). Many are English words too ("main", "band", "to"); `hindi-function-words.ts` takes
 * out those the knowledge base uses in English.
 */

/**
 * "You", formal and familiar, in every case form: the words an interviewer speaks to the candidate
 * with. The bare familiar "tu" and its "tune" are left to the pronouns below: "tune" is English too.
 */
export const SECOND_PERSON_PRONOUNS = [
  ...['aap', 'ap', 'aapne', 'aapko', 'apko', 'aapse', 'apse', 'aapka', 'aapki', 'aapke', 'apka', 'apki', 'apke'],
  ...['aapme', 'aapmein', 'aaplog'],
  ...['tum', 'tumne', 'tumhe', 'tumhein', 'tumko', 'tumse', 'tumhara', 'tumhari', 'tumhare', 'tumlog'],
]

/**
 * "This" and "that", singular and plural, in every case form but the bare ones: they point back at
 * what was said ("iska", "uspe", "unse"). The bare "is", "in", "us", "un" are in the pronouns below.
 */
export const DEMONSTRATIVE_CASE_FORMS = [
  ...['isse', 'ise', 'isko', 'iska', 'iski', 'iske', 'ismein', 'isme', 'ispe', 'ispar', 'isne', 'isi', 'isey'],
  ...['inhe', 'inhein', 'inse', 'inko', 'inka', 'inki', 'inke', 'inmein', 'inme', 'inpe', 'inhone'],
  ...['usse', 'usko', 'uska', 'uski', 'uske', 'usmein', 'usme', 'uspe', 'uspar', 'usne', 'usi', 'usey'],
  ...['unhe', 'unhein', 'unse', 'unko', 'unka', 'unki', 'unke', 'unmein', 'unme', 'unpe', 'unhone'],
]

/** "Own" and "self": said to the candidate, "apne baare mein" is "about yourself". */
export const REFLEXIVE_PRONOUNS = ['apne', 'apna', 'apni', 'khud', 'swayam']

/** "If": opens a condition, closed by "toh" or "tab" ("agar data sorted ho toh?"). */
export const CONDITION_CONJUNCTIONS = ['agar', 'agr']
/** "Then": closes a condition before what is asked on it ("agar … ho toh kya karoge?"). */
export const CONDITION_CLOSERS = ['toh', 'to', 'tab', 'phir', 'fir']

/** Pronouns in every case form, each spelling people type. */
const PRONOUNS = [
  ...['main', 'mai', 'mein', 'mujhe', 'mujhko', 'mujhse', 'mera', 'meri', 'mere', 'maine', 'mereko'],
  ...['hum', 'ham', 'humne', 'hamne', 'humein', 'hume', 'hamein', 'hame', 'humko', 'hamko', 'humse', 'hamse'],
  ...['hamara', 'hamari', 'hamare', 'humara', 'humari', 'humare', 'hamlog', 'humlog'],
  ...SECOND_PERSON_PRONOUNS,
  ...REFLEXIVE_PRONOUNS,
  ...['tu', 'tune', 'tujhe', 'tujhse', 'tera', 'teri', 'tere'],
  ...['yeh', 'ye', 'yah', 'yehi', 'yahi', 'yehi', 'woh', 'wo', 'vo', 'voh', 'wahi', 'vahi', 'wohi', 'vohi'],
  ...['is', 'in', 'us', 'un'],
  ...DEMONSTRATIVE_CASE_FORMS,
  ...['jo', 'jis', 'jise', 'jisse', 'jisko', 'jiska', 'jiski', 'jiske', 'jismein', 'jisme', 'jispe', 'jisne'],
  ...['jin', 'jinhe', 'jinka', 'jinki', 'jinke', 'jinse', 'jinko', 'jinhone'],
  ...['kaun', 'kon', 'kis', 'kise', 'kisse', 'kisko', 'kiska', 'kiski', 'kiske', 'kismein', 'kisme', 'kispe'],
  ...['kisne', 'kin', 'kinka', 'kinki', 'kinke', 'kinse', 'kinko', 'kinhone'],
  ...['koi', 'kisi', 'kuch', 'kuchh', 'sab', 'sabhi', 'sabka', 'sabki', 'sabke', 'sabse', 'sabko', 'har', 'harek'],
  ...['dusra', 'dusre', 'dusri', 'doosra', 'doosre', 'doosri', 'dono', 'donon', 'ek', 'ekdusre'],
]

/** Postpositions, and the words that stand after a noun as they do. */
const POSTPOSITIONS = [
  ...['mein', 'me', 'mai', 'pe', 'par', 'se', 'ko', 'ka', 'ki', 'ke', 'ne', 'tak', 'liye', 'lie', 'liya'],
  ...['saath', 'sath', 'baad', 'bad', 'pehle', 'pahle', 'phele', 'bina', 'wala', 'wali', 'wale', 'vala', 'vali'],
  ...['vale', 'waala', 'waali', 'waale', 'andar', 'ander', 'bahar', 'baahar', 'upar', 'neeche', 'niche', 'beech'],
  ...['bich', 'paas', 'pass', 'taraf', 'jaisa', 'jaise', 'jaisi', 'tarah', 'dwara', 'dauran', 'khilaf', 'khilaaf'],
  ...['bajaye', 'bajay', 'siwa', 'siva', 'alawa', 'alava', 'karke', 'hisaab', 'hisab', 'zariye', 'jariye'],
]

/** Copulas and auxiliaries that are no verb's forms below. */
const AUXILIARIES = [
  ...['hai', 'hain', 'hei', 'hein', 'hoon', 'hun', 'hu', 'tha', 'thi', 'the', 'thay', 'thee', 'thin'],
  ...['chahiye', 'chahie', 'chaahiye', 'chahiyee'],
]

/** Particles, negation and conjunctions. */
const PARTICLES = [
  ...['bhi', 'hi', 'na', 'nahi', 'nahin', 'nhi', 'nai', 'nahi', 'mat', 'aur', 'or', 'ya', 'yaa'],
  ...['lekin', 'par', 'magar', 'kyunki', 'kyonki', 'kyuki', 'kyoki', 'jab'],
  ...CONDITION_CLOSERS,
  ...CONDITION_CONJUNCTIONS,
  ...['ab', 'abhi', 'ki', 'ke', 'varna', 'warna', 'balki', 'isliye', 'islie', 'tabhi', 'jabki', 'taaki', 'taki'],
  ...['chahe', 'yaani', 'yani', 'haan', 'han', 'ha', 'ji', 'jee', 'arre', 'are', 'achha', 'bhai'],
]

/** Question words, each spelling. */
const QUESTION_WORDS = [
  ...['kya', 'kyaa', 'kyun', 'kyu', 'kyon', 'kyo', 'kaise', 'kaisa', 'kaisi', 'kese', 'kab', 'kahan', 'kaha'],
  ...['kidhar', 'kitna', 'kitni', 'kitne', 'kaunsa', 'kaunsi', 'kaunse', 'konsa', 'konsi', 'konse', 'kisliye'],
  ...['kahin', 'kahi', 'kabhi', 'kabhie'],
]

/**
 * Adverbs and adjectives of talk, and the scaffolding of a question ("matlab", meaning; "tarika",
 * the way to): words the English list drops as "well", "more", "very", "mean" and "way".
 */
const WORDS_OF_TALK = [
  ...['theek', 'thik', 'tik', 'accha', 'acha', 'achha', 'achchha', 'achchi', 'acchi', 'achi', 'achhi'],
  ...['acche', 'ache', 'achhe', 'achche', 'sahi', 'zyada', 'jyada', 'ziyada', 'jada', 'kam', 'bahut', 'bohot'],
  ...['bahot', 'boht', 'bohat', 'thoda', 'thodi', 'thode', 'sirf', 'bas', 'jaldi', 'hamesha', 'aksar', 'shayad'],
  ...['bilkul', 'zaroor', 'jarur', 'jaroor', 'itna', 'itni', 'itne', 'utna', 'utni', 'utne', 'jitna', 'jitni'],
  ...['jitne', 'aisa', 'aise', 'aisi', 'waisa', 'waise', 'waisi', 'vaisa', 'vaise', 'yahan', 'yaha', 'wahan'],
  ...['waha', 'vahan', 'jahan', 'jaha', 'idhar', 'udhar', 'bada', 'badi', 'bade', 'ekdum', 'kaafi', 'kafi'],
  ...['zara', 'jara', 'pichla', 'pichle', 'pichli', 'agla', 'agle', 'agli', 'matlab', 'mtlb', 'pata', 'baare'],
  ...['bare', 'tarika', 'tareeka', 'tareka', 'tarike', 'tareeke', 'tariqa', 'tarah', 'sach', 'sachme', 'waqai'],
  ...['saara', 'sara', 'saari', 'sari', 'saare', 'sare', 'pura', 'poora', 'puri', 'poori', 'pure', 'poore'],
]

/** The numbers one to ten: "one" is dropped in English too. */
const NUMBERS = ['ek', 'do', 'teen', 'char', 'chaar', 'paanch', 'panch', 'chhe', 'che', 'saat', 'aath', 'nau', 'das']

/**
 * What a verb's forms are to the search: `null` for a light verb or an auxiliary, whose forms name
 * nothing ("use kar", "ho jayega", "de do", "chal raha"), or the English word the knowledge base
 * uses for a content verb, which its every form stands for ("rokoge" is "prevent"), as English
 * keeps "prevent" and "send" as words with meaning. A verb whose English the search drops
 * ("explain", "tell", "say", "know", "think", "see": `stop-words.ts`) names nothing either.
 */
type Verb = readonly [means: string | null, stems: readonly string[]]

/**
 * Common verbs ending in a consonant, each spelling. Each also makes a causative stem by adding
 * "a" ("lag", put on, "laga", make put on) and "wa" ("karwa", have done), which means what its
 * verb does unless it is a verb of its own below ("bana", make, of "ban", become).
 */
const CONSONANT_VERBS: readonly Verb[] = [
  // Light verbs and auxiliaries: do, keep, put on, go on, become, get, want, stay, can, have done;
  // and the verbs English says with a light verb or not at all (rise, sit, set, wrap up).
  [null, ['kar', 'rakh', 'lag', 'chal', 'ban', 'mil', 'chah', 'chaah', 'rah', 'reh', 'sak', 'chuk']],
  [null, ['uth', 'baith', 'jam', 'samet']],
  // Saying, knowing, thinking and seeing: "say", "know", "think", "see" are English stop words.
  [null, ['bol', 'kah', 'keh', 'jaan', 'soch', 'dekh']],
  ['write', ['likh']],
  ['show', ['dikh']],
  ['understand', ['samajh', 'samjh']],
  ['listen', ['sun']],
  ['read', ['padh', 'parh']],
  ['learn', ['seekh', 'sikh']],
  ['ask', ['pooch', 'puch', 'maang', 'mang']],
  ['send', ['bhej']],
  ['leave', ['chhod', 'chod']],
  ['change', ['badal', 'badl']],
  ['prevent', ['rok']],
  ['handle', ['sambhal', 'sambhaal', 'nipat']],
  ['find', ['nikal', 'nikaal', 'nikl', 'dhoondh', 'dhundh']],
  ['avoid', ['bach']],
  ['fill', ['bhar']],
  ['open', ['khol']],
  ['close', ['band']],
  ['add', ['jod']],
  ['break', ['tod', 'bigad']],
  ['choose', ['chun']],
  ['assume', ['maan']],
  ['forget', ['bhool', 'bhul']],
  ['improve', ['sudhar', 'sudhaar']],
  ['count', ['gin']],
  ['insert', ['daal']],
  ['catch', ['pakad']],
  ['reach', ['pahunch']],
  ['win', ['jeet']],
  ['lose', ['haar']],
  ['remove', ['hat']],
  ['delete', ['mit']],
  ['rotate', ['ghoom', 'ghum']],
  // Not "bant": its forms are "ban"'s ("banta", becomes).
  ['split', ['baant']],
]

/**
 * Common verbs ending in a vowel, each spelling, and the causatives that mean more than making
 * their verb happen. Their forms are theirs when a consonant verb makes the same letters ("banao",
 * build, not "ban" + "ao").
 */
const VOWEL_VERBS: readonly Verb[] = [
  // Be, give, take, go, come, manage to; tell, explain, recite (whose English the search drops);
  // put on, run on, collect, play (a role).
  [null, ['ho', 'de', 'le', 'ja', 'jaa', 'aa', 'pa', 'paa', 'bata', 'samjha', 'suna', 'laga', 'chala', 'jama']],
  [null, ['nibha']],
  ['show', ['dikha']],
  ['learn', ['sikha']],
  ['read', ['padha']],
  ['build', ['bana']],
  ['save', ['bacha']],
  ['improve', ['sudhara']],
  ['remove', ['hata']],
  ['delete', ['mita']],
  ['rotate', ['ghuma']],
  ['sleep', ['sula']],
  ['call', ['bula']],
]

/** Endings after a consonant: infinitive, participles, imperatives, futures, the perfective, "having done". */
const CONSONANT_ENDINGS = [
  ...['', 'na', 'ne', 'ni', 'ta', 'te', 'ti', 'o', 'iye', 'ie', 'iyega', 'iyegi', 'ke', 'kar', 'kr', 'ein'],
  ...['en', 'enge', 'engi', 'oge', 'ogi', 'ega', 'egi', 'unga', 'ungi', 'oonga', 'a', 'e', 'i', 'aya', 'ayi'],
  ...['aye', 'ai', 'ao', 'ana', 'ane', 'ani', 'ata', 'ate', 'ati', 'aiye', 'aenge', 'ayenge', 'aoge', 'ayega'],
  ...['aega', 'ake', 'akar', 'wana', 'wane', 'wao', 'waya', 'waiye', 'wate', 'wata'],
]

/** Endings after a vowel: the same forms, with the glides ("y") people write between vowels. */
const VOWEL_ENDINGS = [
  ...['', 'na', 'ne', 'ni', 'ta', 'te', 'ti', 'o', 'iye', 'ie', 'iyega', 'ke', 'kar', 'kr', 'ein', 'yein', 'en'],
  ...['yen', 'enge', 'yenge', 'nge', 'oge', 'yoge', 'ega', 'yega', 'egi', 'yegi', 'ga', 'gi', 'ge', 'unga'],
  ...['ungi', 'oonga', 'ya', 'yi', 'ye', 'i', 'e', 'yiye'],
]

/** Forms no stem and ending make: the perfectives of "karna", "dena", "lena", "jana", and polite imperatives. */
const IRREGULAR_VERB_FORMS = [
  ...['kiya', 'kiye', 'kiyi', 'kia', 'kie', 'ki', 'kijiye', 'kijie', 'dijiye', 'dijie', 'lijiye', 'lijie'],
  ...['diya', 'diye', 'dia', 'di', 'liya', 'liye', 'lia', 'li', 'gaya', 'gaye', 'gayi', 'gai', 'gya', 'gyi'],
  ...['gye', 'hua', 'hui', 'hue', 'huye', 'huyi', 'aaya', 'aaye', 'aayi', 'aya', 'aye', 'ayi', 'aai', 'jaiye'],
  ...['jaaiye', 'aaiye', 'aiye', 'padega', 'padegi', 'padenge', 'pada', 'padi', 'pade', 'padta', 'padte'],
]

/** The rule's words: those that name nothing, and each content verb's forms with its English word. */
export type HindiLexicon = {
  functionWords: ReadonlySet<string>
  verbMeanings: ReadonlyMap<string, string>
}

/**
 * Every word the rule makes: the closed classes, and each verb stem with each of its endings. A
 * form two verbs make is the later one's (a vowel verb's over a consonant verb's causative, over
 * the consonant verb's own forms); a closed-class word is a function word whatever verb makes it.
 */
export function hindiLexicon(): HindiLexicon {
  const meanings = new Map<string, string | null>()
  const make = (verbs: readonly Verb[], endings: readonly string[], stemsOf: (stem: string) => readonly string[]) => {
    for (const [means, stems] of verbs)
      for (const stem of stems.flatMap(stemsOf)) for (const ending of endings) meanings.set(stem + ending, means)
  }
  make(CONSONANT_VERBS, CONSONANT_ENDINGS, (stem) => [stem])
  make(CONSONANT_VERBS, VOWEL_ENDINGS, (stem) => [`${stem}a`, `${stem}wa`])
  make(VOWEL_VERBS, VOWEL_ENDINGS, (stem) => [stem])
  const closedClasses = [
    ...PRONOUNS,
    ...POSTPOSITIONS,
    ...AUXILIARIES,
    ...PARTICLES,
    ...QUESTION_WORDS,
    ...WORDS_OF_TALK,
    ...NUMBERS,
    ...IRREGULAR_VERB_FORMS,
  ]
  for (const word of closedClasses) meanings.set(word, null)
  const verbMeanings = new Map<string, string>()
  const functionWords = new Set<string>()
  for (const [word, means] of meanings) {
    if (means === null) functionWords.add(word)
    else verbMeanings.set(word, means)
  }
  return { functionWords, verbMeanings }
}
