/**
 * Romanised Hindi words that name nothing, made by rule rather than listed as they were missed:
 * the closed classes written out in full (pronouns in their case forms, postpositions, copulas,
 * particles, question words, words of talk), and the common verbs as stems times endings. Many
 * are English words too ("main", "band", "to"); `hindi-function-words.ts` takes out those the
 * knowledge base uses in English.
 */

/** Pronouns in every case form, each spelling people type. */
const PRONOUNS = [
  ...['main', 'mai', 'mein', 'mujhe', 'mujhko', 'mujhse', 'mera', 'meri', 'mere', 'maine', 'mereko'],
  ...['hum', 'ham', 'humne', 'hamne', 'humein', 'hume', 'hamein', 'hame', 'humko', 'hamko', 'humse', 'hamse'],
  ...['hamara', 'hamari', 'hamare', 'humara', 'humari', 'humare', 'hamlog', 'humlog'],
  ...['aap', 'ap', 'aapne', 'apne', 'aapko', 'apko', 'aapse', 'apse', 'aapka', 'aapki', 'aapke', 'apka', 'apki'],
  ...['apke', 'aaplog', 'apna', 'apni', 'khud', 'swayam'],
  ...['tum', 'tumne', 'tumhe', 'tumhein', 'tumko', 'tumse', 'tumhara', 'tumhari', 'tumhare', 'tumlog'],
  ...['tu', 'tune', 'tujhe', 'tujhse', 'tera', 'teri', 'tere'],
  ...['yeh', 'ye', 'yah', 'yehi', 'yahi', 'yehi', 'woh', 'wo', 'vo', 'voh', 'wahi', 'vahi', 'wohi', 'vohi'],
  ...['is', 'isse', 'isko', 'iska', 'iski', 'iske', 'ismein', 'isme', 'ispe', 'ispar', 'isne', 'isi', 'isey'],
  ...['in', 'inhe', 'inhein', 'inse', 'inko', 'inka', 'inki', 'inke', 'inmein', 'inme', 'inpe', 'inhone'],
  ...['us', 'usse', 'usko', 'uska', 'uski', 'uske', 'usmein', 'usme', 'uspe', 'uspar', 'usne', 'usi', 'usey'],
  ...['un', 'unhe', 'unhein', 'unse', 'unko', 'unka', 'unki', 'unke', 'unmein', 'unme', 'unpe', 'unhone'],
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
  ...['toh', 'to', 'bhi', 'hi', 'na', 'nahi', 'nahin', 'nhi', 'nai', 'nahi', 'mat', 'aur', 'or', 'ya', 'yaa'],
  ...['lekin', 'par', 'magar', 'kyunki', 'kyonki', 'kyuki', 'kyoki', 'agar', 'agr', 'jab', 'tab', 'phir', 'fir'],
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
 * Common verbs ending in a consonant, each spelling. Each also makes a causative stem by adding
 * "a" ("lag", put on, "laga", make put on) and "wa" ("karwa", have done).
 */
const CONSONANT_STEMS = [
  ...['kar', 'likh', 'dikh', 'samajh', 'samjh', 'rakh', 'lag', 'chal', 'sun', 'bol', 'padh', 'parh', 'seekh'],
  ...['sikh', 'soch', 'dekh', 'ban', 'mil', 'chah', 'chaah', 'rah', 'reh', 'sak', 'pooch', 'puch', 'bhej'],
  ...['chhod', 'chod', 'badal', 'badl', 'rok', 'sambhal', 'sambhaal', 'nikal', 'nikaal', 'nikl', 'bach'],
  ...['bhar', 'khol', 'band', 'jod', 'tod', 'chun', 'maan', 'jaan', 'kah', 'keh', 'bhool', 'bhul', 'dhoondh'],
  ...['dhundh', 'sudhar', 'sudhaar', 'bigad', 'gin', 'uth', 'baith', 'daal', 'pakad', 'maang', 'mang', 'pahunch'],
  ...['jeet', 'haar', 'nipat', 'sambhal', 'jam', 'hat', 'mit', 'ghoom', 'ghum', 'samet', 'bant', 'baant'],
]

/** Common verbs ending in a vowel, each spelling. */
const VOWEL_STEMS = [
  ...['ho', 'de', 'le', 'ja', 'jaa', 'aa', 'bata', 'dikha', 'samjha', 'pa', 'paa', 'sula', 'bula', 'nibha'],
  ...['sikha', 'hata', 'mita', 'ghuma', 'jama', 'bana', 'laga', 'chala', 'suna', 'bacha', 'padha', 'sudhara'],
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

/** Every word the rule makes: the closed classes, and each verb stem with each of its endings. */
export function hindiLexicon(): ReadonlySet<string> {
  const causatives = CONSONANT_STEMS.flatMap((stem) => [`${stem}a`, `${stem}wa`])
  return new Set([
    ...PRONOUNS,
    ...POSTPOSITIONS,
    ...AUXILIARIES,
    ...PARTICLES,
    ...QUESTION_WORDS,
    ...WORDS_OF_TALK,
    ...NUMBERS,
    ...CONSONANT_STEMS.flatMap((stem) => CONSONANT_ENDINGS.map((ending) => stem + ending)),
    ...[...VOWEL_STEMS, ...causatives].flatMap((stem) => VOWEL_ENDINGS.map((ending) => stem + ending)),
    ...IRREGULAR_VERB_FORMS,
  ])
}
