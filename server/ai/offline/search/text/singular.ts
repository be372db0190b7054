/**
 * A word with a plural "s" taken off, as words are compared where stemming would join too much:
 * "shifts" is the tag "shift", "subnets" the name "subnet", while "composite" stays apart from
 * "composition", which stemming would make one.
 */
export const singular = (word: string): string => (word.length > 3 && word.endsWith('s') ? word.slice(0, -1) : word)
