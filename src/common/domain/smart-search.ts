/**
 * Smart search of the stock screen (spec §5 "Smart search", §3 "Smart-search result").
 *
 * The query is split into words. Each word becomes a size, line, colour or finish
 * when it names one the catalogue has, otherwise free text:
 * - a word needs at least 3 characters to match a line, colour or finish;
 * - it matches a value exactly, or a value it is the prefix of when that value is the only one;
 * - from 5 characters it matches a value containing it when that value is the only one
 *   whose length the word covers by at least 60%, or the only one containing it at all;
 * - 'mosaic' and 'mosaics' are never matched to a value (every mosaic size contains the word);
 * - 'hex' and 'hexagon' become the free text 'hexagon mosaic';
 * - size patterns such as 12x24 (also "12 x 24", 12"x24") match every known size they prefix;
 * - if every word is free text and there are several, they merge into one phrase.
 * Several words that together name a value exactly ("calacatta luxe") match it as one.
 */

export interface SearchVocabulary {
  sizes: readonly string[];
  lines: readonly string[];
  colors: readonly string[];
  finishes: readonly string[];
}

export type SearchFacet = 'size' | 'line' | 'color' | 'finish';

/** What one or more words of the query were understood as; `tokens` index into `tokenizeSearch(query)`. */
export interface SearchChip {
  facet: SearchFacet | 'text';
  values: string[];
  tokens: number[];
}

/** Spec §3 smart-search result, plus the chips that explain it. */
export interface SmartSearchResult {
  sizes: string[];
  lines: string[];
  colors: string[];
  finishes: string[];
  freeText: string[];
  chips: SearchChip[];
}

export const MIN_TERM_LENGTH = 3;
export const CONTAINMENT_MIN_LENGTH = 5;
export const CONTAINMENT_MIN_RATIO = 0.6;
const NEVER_MATCHED = new Set(['mosaic', 'mosaics']);
const HEXAGON_WORDS = new Set(['hex', 'hexagon']);
export const HEXAGON_PHRASE = 'hexagon mosaic';
/** Longest run of words tried as one value ("calacatta luxe"). */
const MAX_PHRASE_WORDS = 3;

const SIZE_PATTERN = /^\d+(\.\d+)?x(\d+(\.\d+)?)?$/;

/**
 * The query's words, lower-cased, with size spellings joined: "12 x 24", 12"x24"
 * and 12×24 all become "12x24".
 */
export function tokenizeSearch(query: string): string[] {
  const normalised = query
    .toLowerCase()
    .replace(/["'″]/g, ' ')
    .replace(/(\d)\s*[x×]\s*(?=\d)/g, '$1x');
  return normalised.split(/[\s,;]+/).filter((word) => word.length > 0);
}

export function isSizePattern(word: string): boolean {
  return SIZE_PATTERN.test(word);
}

type WordFacet = Exclude<SearchFacet, 'size'>;
const WORD_FACETS: readonly WordFacet[] = ['line', 'color', 'finish'];

interface Candidate {
  facet: WordFacet;
  value: string;
  lower: string;
}

function candidatesOf(vocabulary: SearchVocabulary): Candidate[] {
  const byFacet: Record<WordFacet, readonly string[]> = {
    line: vocabulary.lines,
    color: vocabulary.colors,
    finish: vocabulary.finishes,
  };
  const seen = new Set<string>();
  const candidates: Candidate[] = [];
  for (const facet of WORD_FACETS) {
    for (const value of byFacet[facet]) {
      const lower = value.trim().toLowerCase();
      const key = `${facet}\u0000${lower}`;
      if (!lower || seen.has(key)) continue;
      seen.add(key);
      candidates.push({ facet, value, lower });
    }
  }
  return candidates;
}

/** Exact match, the facets tried in the order line, colour, finish. */
function exactMatch(term: string, candidates: readonly Candidate[]): Candidate | undefined {
  return candidates.find((c) => c.lower === term);
}

/** The one value a term prefixes or (from 5 characters) is contained in, if there is exactly one. */
export function matchTerm(term: string, candidates: readonly Candidate[]): Candidate | undefined {
  if (term.length < MIN_TERM_LENGTH || NEVER_MATCHED.has(term)) return undefined;
  const exact = exactMatch(term, candidates);
  if (exact) return exact;
  const prefixed = candidates.filter((c) => c.lower.startsWith(term));
  if (prefixed.length === 1) return prefixed[0];
  if (term.length < CONTAINMENT_MIN_LENGTH) return undefined;
  const containing = candidates.filter((c) => c.lower.includes(term));
  const closeEnough = containing.filter((c) => term.length >= CONTAINMENT_MIN_RATIO * c.lower.length);
  if (closeEnough.length === 1) return closeEnough[0];
  if (containing.length === 1) return containing[0];
  return undefined;
}

/** Known sizes a size pattern is a prefix of ("24x48" gives 24x48 and 24x48 Deco). */
function matchSizes(term: string, sizes: readonly string[]): string[] {
  const found: string[] = [];
  for (const size of sizes) {
    if (size.trim().toLowerCase().startsWith(term) && !found.includes(size)) found.push(size);
  }
  return found;
}

function pushUnique(list: string[], value: string): void {
  if (!list.includes(value)) list.push(value);
}

/** "hexagon mosaic" + "mosaic" reads "hexagon mosaic", not "hexagon mosaic mosaic". */
function joinPhrase(parts: readonly string[]): string {
  const words: string[] = [];
  for (const part of parts) {
    for (const word of part.split(' ')) {
      if (words[words.length - 1] !== word) words.push(word);
    }
  }
  return words.join(' ');
}

export function parseSmartSearch(query: string, vocabulary: SearchVocabulary): SmartSearchResult {
  const tokens = tokenizeSearch(query);
  const candidates = candidatesOf(vocabulary);
  const result: SmartSearchResult = { sizes: [], lines: [], colors: [], finishes: [], freeText: [], chips: [] };
  const facetList: Record<SearchFacet, string[]> = {
    size: result.sizes,
    line: result.lines,
    color: result.colors,
    finish: result.finishes,
  };
  const free: { text: string; token: number }[] = [];

  const addFacet = (facet: SearchFacet, values: string[], indexes: number[]) => {
    for (const value of values) pushUnique(facetList[facet], value);
    const existing = result.chips.find((c) => c.facet === facet && c.values.join('\u0000') === values.join('\u0000'));
    if (existing) existing.tokens.push(...indexes);
    else result.chips.push({ facet, values, tokens: indexes });
  };

  let i = 0;
  while (i < tokens.length) {
    // Several words naming one value exactly, longest first; the special words stay out of it.
    let consumed = 0;
    for (let n = Math.min(MAX_PHRASE_WORDS, tokens.length - i); n >= 2 && consumed === 0; n--) {
      const words = tokens.slice(i, i + n);
      if (words.some((w) => NEVER_MATCHED.has(w) || HEXAGON_WORDS.has(w))) continue;
      const phrase = words.join(' ');
      const size = vocabulary.sizes.find((s) => s.trim().toLowerCase() === phrase);
      const exact = size ? undefined : exactMatch(phrase, candidates);
      const indexes = Array.from({ length: n }, (_, k) => i + k);
      if (size) addFacet('size', [size], indexes);
      else if (exact) addFacet(exact.facet, [exact.value], indexes);
      else continue;
      consumed = n;
    }
    if (consumed > 0) {
      i += consumed;
      continue;
    }

    const word = tokens[i]!;
    if (HEXAGON_WORDS.has(word)) {
      free.push({ text: HEXAGON_PHRASE, token: i });
    } else if (isSizePattern(word)) {
      const sizes = matchSizes(word, vocabulary.sizes);
      if (sizes.length > 0) addFacet('size', sizes, [i]);
      else free.push({ text: word, token: i });
    } else {
      const match = matchTerm(word, candidates);
      if (match) addFacet(match.facet, [match.value], [i]);
      else free.push({ text: word, token: i });
    }
    i += 1;
  }

  if (free.length > 1 && free.length === tokens.length) {
    const phrase = joinPhrase(free.map((f) => f.text));
    result.freeText.push(phrase);
    result.chips.push({ facet: 'text', values: [phrase], tokens: free.map((f) => f.token) });
  } else {
    for (const f of free) {
      if (!result.freeText.includes(f.text)) result.freeText.push(f.text);
      const chip = result.chips.find((c) => c.facet === 'text' && c.values[0] === f.text);
      if (chip) chip.tokens.push(f.token);
      else result.chips.push({ facet: 'text', values: [f.text], tokens: [f.token] });
    }
  }
  return result;
}

/** The query without the words behind one chip (removing "Matte" from "12x24 matte" leaves "12x24"). */
export function removeSearchTokens(query: string, tokenIndexes: readonly number[]): string {
  const drop = new Set(tokenIndexes);
  return tokenizeSearch(query)
    .filter((_, index) => !drop.has(index))
    .join(' ');
}
