/**
 * Whether a question states a coding problem: input is given and an output is asked for ("Given the
 * share price for each day, find the maximum profit…", "From an array, return the k values that show
 * up most often."), or it asks the problem's usual questions (how many ways, the least number of
 * moves, faster than linear, in one pass). Interviewers often describe a problem without its name,
 * so the grammar of a problem statement says more than its words: with no entry to answer it, such
 * a question is answered with the coding form (clarify, brute force, optimise, code, test), not with
 * a definition.
 */

/** What a coding problem is given and works on. */
const DATA =
  '(arrays?|strings?|lists?|linked lists?|matri(x|ces)|grids?|trees?|binary trees?|graphs?|numbers?|integers?|digits|characters|letters|words|prices|intervals|nodes|stacks?|queues?|heaps?|sentences?)'

/** Verbs that ask for the problem's output, said as an instruction or as "how do you …". */
const ASKS_FOR =
  '(find|return|count|check|print|compute|calculate|determine|detect|reverse|merge|sort|rotate|group|remove|pick|reach|collect|output|nikalo|nikaloge|dhundho|dhundoge)'

/**
 * Data structures a candidate is asked to build in code: "how would you build a trie in Python?" is
 * a coding problem, where building a chat app is a design.
 */
export const BUILT_STRUCTURE =
  '(tries?|prefix trees?|heaps?|(min|max)[- ]?heaps?|stacks?|queues?|deques?|linked lists?|hash ?maps?|hash ?tables?|binary (search )?trees?|bsts?|segment trees?|fenwick trees?|graphs?|lru caches?|bloom filters?|circular buffers?|ring buffers?|priority queues?)'

/**
 * Where the structure's name ends the thing built: nothing or a setting after it ("a trie in
 * Python", "a min heap without the library one"). A word after it makes the structure part of
 * another name ("a Stack Overflow clone", "a queue service", "a heap dump analyzer").
 */
export const STRUCTURE_ENDS =
  '(?=\\s*$|\\s*[?.,!;]|\\s+(in|using|with|without|from|that|which|for|of|to|and|so|where|on)\\b)'

const problemStatements: readonly RegExp[] = [
  // A data structure to be built in code.
  new RegExp(`\\b(build|implement|code|write) (a|an|your own|the) ${BUILT_STRUCTURE}${STRUCTURE_ENDS}`),
  // A program, function or solution asked for by name.
  /\b(write|implement|code) (a|an|the|me)? ?(function|method|program|algorithm|class|solution|query|script)\b/,
  /\bleetcode\b/,
  // Input given: "given a long string of letters", "given the price of a share for each day",
  // "you get a list of prices", Hinglish "ek array diya hai".
  new RegExp(`\\bgiven (an?|the|two|some|n)? ?([a-z0-9/-]+ ){0,4}${DATA}\\b`),
  new RegExp(`\\byou (get|have|are given|receive) (an?|the|two|some|n)? ?([a-z0-9/-]+ ){0,3}${DATA}\\b`),
  new RegExp(`\\b${DATA}\\b.*\\b(diya|di|diye) (hai|hain|gaya|gayi|gaye)\\b`),
  // An instruction to compute from data, at the start of a clause: "From an array, return the k
  // values…", "count the distinct landmasses" (with a matrix named).
  new RegExp(`(^|[.;:,] ?|\\band )${ASKS_FOR}\\b.*\\b${DATA}\\b`),
  new RegExp(
    `\\b${DATA}\\b.*([.;:,] ?|\\band |^)${ASKS_FOR} (the|a|an|all|its|every|each|two|k|one|whether|if|how)\\b`,
  ),
  new RegExp(`\\bhow (would|do|can|will) you (implement|code|solve|${ASKS_FOR.slice(1, -1)})\\b.*\\b${DATA}\\b`),
  /\bhow (would|do|can) you (implement|code|solve|reverse|detect|find|merge|sort|check)\b/,
  /\b(reverse|rotate|merge|flatten|serialize|validate) (a|an|the|two)\b/,
  // The questions a problem is asked with.
  /\bin how many (different )?ways\b/,
  /\b(maximum|minimum|max|min|least|most|largest|smallest|biggest|longest|shortest|highest|lowest|fewest) ([a-z-]+ ){0,3}(profit|sum|product|number of|length|moves|steps|cost|gain|path|distance|subarray|substring|window|stretch)\b/,
  /\bfaster than (linear|quadratic|checking every|o\()/,
  /\b(in )?(a )?(single|one) pass\b/,
  /\bwithout (sorting|extra (space|memory)|using extra)\b/,
  /\bin o\([^)]*\)/,
]

/** Whether the question (lower case, spaces collapsed) states a coding problem. */
export const statesACodingProblem = (text: string): boolean => problemStatements.some((pattern) => pattern.test(text))
