export {
  type CandidateType,
  type PreparedCandidate,
  prepareCandidate,
  type SearchCandidate,
} from './candidate.js';
export { allowedEdits, DID_YOU_MEAN_MAX, didYouMean, Vocabulary } from './did-you-mean.js';
export { MIN_QUERY_WORD_LENGTH, type ParsedQuery, parseQuery } from './parse-query.js';
export {
  CATEGORY_HINT_WORDS,
  isQualifierWord,
  QUALIFIER_WORDS,
  QUERY_WORDS,
  type QueryWordList,
  STOP_WORDS,
} from './query-words.js';
export { DEFAULT_RELEVANCE, type RankableResult, rankResults, relevanceOf } from './rank-results.js';
export {
  type CandidateScore,
  INFLECTION_ENDINGS,
  type MatchLabel,
  MIN_CONTAINED_KEYWORD_LENGTH,
  type ScoreOptions,
  SEARCH_POINTS,
  scoreCandidate,
} from './score-candidate.js';
export {
  SIMILARITY_SCORES,
  type SimilarName,
  type SuggestSimilarOptions,
  similarity,
  suggestSimilar,
} from './similarity.js';
export { MAX_TYPO_TERMS, TermVocabulary, TYPO_BOUNDS, type TypoTerm, typoBound } from './term-vocabulary.js';
