/**
 * Words that ask about an aspect of something without naming it: "what is its complexity?",
 * "any drawbacks?", "how would you scale it?". A question made only of these (and function words)
 * has no subject of its own.
 */
export const aspectWords: ReadonlySet<string> = new Set([
  ...['why', 'how', 'what', 'when', 'where', 'which', 'who', 'else', 'more', 'less', 'much', 'many', 'fine'],
  ...['complexity', 'complexities', 'time', 'space', 'memory', 'runtime', 'big', 'o', 'performance', 'fast', 'slow'],
  ...['speed', 'quick', 'quickly', 'efficient', 'efficiently', 'large', 'huge', 'big', 'small'],
  ...['faster', 'slower', 'better', 'worse', 'best', 'worst', 'average', 'case', 'cases', 'edge'],
  ...['example', 'examples', 'instance', 'give', 'show', 'explain', 'elaborate', 'detail', 'details', 'mean'],
  ...['drawback', 'drawbacks', 'downside', 'downsides', 'disadvantage', 'disadvantages', 'advantage'],
  ...['advantages', 'benefit', 'benefits', 'pros', 'cons', 'tradeoff', 'tradeoffs', 'trade', 'offs'],
  ...['alternative', 'alternatives', 'limitation', 'limitations', 'problem', 'problems', 'issue', 'issues'],
  ...['risk', 'risks', 'cause', 'causes', 'fail', 'fails', 'break', 'breaks', 'wrong', 'avoid', 'prevent'],
  ...['scale', 'scaling', 'grow', 'improve', 'optimise', 'optimize', 'handle', 'fix', 'test', 'debug'],
  ...['use', 'used', 'using', 'choose', 'pick', 'prefer', 'need', 'work', 'works', 'implement', 'code'],
  ...['write', 'build', 'change', 'compare', 'differ', 'difference', 'happen', 'happened', 'end', 'ended'],
  ...['learn', 'learned', 'learnt', 'lesson', 'lessons', 'result', 'outcome', 'feel', 'react', 'respond'],
  ...['first', 'second', 'third', 'last', 'other', 'former', 'latter', 'one', 'ones', 'part', 'step'],
  ...['design', 'approach', 'solution', 'answer', 'idea', 'option', 'way', 'version', 'thing', 'things'],
  ...['instead', 'otherwise', 'next', 'further', 'again', 'exactly', 'really', 'specifically', 'real', 'world'],
])
