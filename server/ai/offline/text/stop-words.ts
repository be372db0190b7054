/**
 * Words that carry no topic in an interview question. Besides the usual function words this
 * includes question scaffolding ("explain", "describe", "tell me about") and spoken fillers,
 * because users type or dictate questions the way they speak.
 */
export const stopWords: ReadonlySet<string> = new Set([
  'a', 'about', 'above', 'actually', 'after', 'again', 'all', 'also', 'am', 'an', 'and', 'any',
  'anyone', 'anything', 'are', 'as', 'at', 'basically', 'be', 'because', 'been', 'before', 'being',
  'between', 'both', 'but', 'by', 'can', 'could', 'describe', 'detail', 'did', 'do', 'does', 'doing', 'done',
  'dont', 'each', 'eh', 'er', 'erm', 'etc', 'even', 'ever', 'explain', 'few', 'for', 'from', 'further',
  'get', 'gets', 'give', 'go', 'going', 'gonna', 'got', 'had', 'has', 'have', 'having', 'he', 'hello',
  'her', 'here', 'hey', 'hi', 'him', 'his', 'hm', 'hmm', 'how', 'however', 'i', 'if', 'in',
  'into', 'is', 'isnt', 'it', 'its', 'just', 'kinda', 'know', 'like', 'literally',
  'll', 'me', 'mean', 'might', 'mine', 'more', 'most', 'much', 'must', 'my', 'myself', 'need', 'no',
  'nor', 'not', 'now', 'of', 'off', 'ok', 'okay', 'on', 'once', 'one', 'only', 'or', 'other', 'our',
  'ours', 'out', 'over', 'own', 'please', 'pretty', 'quick', 'quickly', 're', 'really', 'right',
  'said', 'say', 'see', 'shall', 'she', 'should', 'so', 'some', 'something', 'such', 'sure',
  'tell', 'than', 'thank', 'thanks', 'that', 'thats', 'the', 'their', 'theirs', 'them', 'then', 'there',
  'these', 'they', 'thing', 'things', 'think', 'this', 'those', 'through', 'to', 'too', 'uh', 'uhm',
  'um', 'umm', 'under', 'until', 'up', 'us', 'use', 'used', 'uses', 'using', 've', 'very', 'vs',
  'versus', 'wanna', 'want', 'was', 'way', 'ways', 'we', 'well', 'were', 'what', 'whats', 'when',
  'where', 'whether', 'which', 'while', 'who', 'whom', 'why', 'will', 'with', 'would', 'yeah', 'yes',
  'you', 'youre', 'your', 'yours', 'yourself',
])
