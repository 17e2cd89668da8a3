import { isOneOf } from './one-of';

/**
 * Smart search of the stock screen (smart search and its result).
 *
 * The query is split into words. Each word becomes a size, line, colour or finish
 * when it names one the catalogue has, otherwise free text:
 * - a word needs at least 3 characters to match a line, colour or finish;
 * - it matches a value exactly or as one of its words ("driftwood" → line Coastal Driftwood),
 *   else the one word it starts ("driftw" → driftwood), else a value it is the prefix of when
 *   that value is the only one;
 * - a word naming values of several facets offers them all (an 'either' chip the user can narrow);
 * - a plural that matches nothing is tried as its singular ("whites"), and free text is kept
 *   singular ("mosaics" finds "mosaic");
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

/** One reading of a word: a line, colour or finish value. */
export interface SearchOption {
  facet: Exclude<SearchFacet, 'size'>;
  value: string;
}

/**
 * What one or more words of the query were understood as; `tokens` index into `tokenizeSearch(query)`.
 * An 'either' chip is a word naming values of several facets ("driftwood": the line Coastal
 * Driftwood or the colour Driftwood); its `options` are those readings, any of which may hold.
 */
export interface SearchChip {
  facet: SearchFacet | 'text' | 'either';
  values: string[];
  tokens: number[];
  options?: SearchOption[];
}

/** smart-search result, plus the chips that explain it. */
export interface SmartSearchResult {
  sizes: string[];
  lines: string[];
  colors: string[];
  finishes: string[];
  freeText: string[];
  /** Words with several readings: each group needs one of its options to hold. */
  either: SearchOption[][];
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
  // Leading, trailing and repeated separators leave empty words; the filter drops them.
  return normalised.split(/[\s,;]/).filter((word) => word.length > 0);
}

export function isSizePattern(word: string): boolean {
  return SIZE_PATTERN.test(word);
}

type WordFacet = SearchOption['facet'];
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

/** The words of a value ("Coastal Driftwood" has "coastal" and "driftwood"). */
function wordsOf(lower: string): string[] {
  // An empty word (from a leading space) never equals or starts a search term, so none is filtered out.
  return lower.split(/[\s\-/]+/);
}

/** Values with this exact name, across line, colour and finish ("travertino" may be a line and a colour). */
function exactMatches(term: string, candidates: readonly Candidate[]): Candidate[] {
  return candidates.filter((c) => c.lower === term);
}

/**
 * What a whole word names, at most one value per facet: in each facet the value of that
 * exact name, else the only value having it as one of its words ("driftwood" names the
 * colour Driftwood and the line Coastal Driftwood). A facet where two values have the
 * word ("grey" in Pietra Grey and Urban Grey) offers nothing.
 */
function namedBy(word: string, candidates: readonly Candidate[]): Candidate[] {
  const found: Candidate[] = [];
  for (const facet of WORD_FACETS) {
    const inFacet = candidates.filter((c) => c.facet === facet);
    const exact = inFacet.find((c) => c.lower === word);
    if (exact) {
      found.push(exact);
      continue;
    }
    const containing = inFacet.filter((c) => wordsOf(c.lower).includes(word));
    if (containing.length === 1) found.push(containing[0]!);
  }
  return found;
}

/** The one word of the catalogue's values this term starts ("driftw" gives "driftwood"), if there is one. */
function completedWord(term: string, candidates: readonly Candidate[]): string | undefined {
  const words = new Set<string>();
  for (const c of candidates) {
    for (const w of wordsOf(c.lower)) if (w.startsWith(term)) words.add(w);
  }
  return words.size === 1 ? [...words][0] : undefined;
}

/**
 * The singular a plural may stand for, longest ending first: "mosaics" → "mosaic",
 * "boxes" → "box", "ivories" → "ivory". Only words of 4+ letters, never "...ss" (glass).
 */
export function singularsOf(word: string): string[] {
  if (word.length < 4 || !word.endsWith('s') || word.endsWith('ss') || /\d/.test(word)) return [];
  const forms: string[] = [];
  if (word.endsWith('ies')) forms.push(`${word.slice(0, -3)}y`);
  if (/(s|x|z|ch|sh)es$/.test(word)) forms.push(word.slice(0, -2));
  forms.push(word.slice(0, -1));
  return forms;
}

/** Free text stays a substring of what was typed, so "tiles" still finds "tiles" as well as "tile". */
function freeTextOf(word: string): string {
  return singularsOf(word).find((form) => word.startsWith(form)) ?? word;
}

function matchOneForm(term: string, candidates: readonly Candidate[]): Candidate[] {
  const named = namedBy(term, candidates);
  if (named.length > 0) return named;
  const completed = completedWord(term, candidates);
  if (completed) {
    const byCompletion = namedBy(completed, candidates);
    if (byCompletion.length > 0) return byCompletion;
  }
  const prefixed = candidates.filter((c) => c.lower.startsWith(term));
  if (prefixed.length === 1) return prefixed;
  if (term.length < CONTAINMENT_MIN_LENGTH) return [];
  const containing = candidates.filter((c) => c.lower.includes(term));
  const closeEnough = containing.filter((c) => term.length >= CONTAINMENT_MIN_RATIO * c.lower.length);
  if (closeEnough.length === 1) return closeEnough;
  if (containing.length === 1) return containing;
  return [];
}

/**
 * The values a term names: its exact name or whole word, the one word it starts,
 * the one value it prefixes, or (from 5 characters) the one value containing it;
 * failing that, the same for its singular ("whites" → White). Several results are
 * one value per facet: the word names each of them, and the search offers them all.
 */
export function matchTerm(term: string, candidates: readonly Candidate[]): Candidate[] {
  if (term.length < MIN_TERM_LENGTH || NEVER_MATCHED.has(term)) return [];
  const found = matchOneForm(term, candidates);
  if (found.length > 0) return found;
  for (const singular of singularsOf(term)) {
    if (singular.length < MIN_TERM_LENGTH || NEVER_MATCHED.has(singular)) continue;
    const bySingular = matchOneForm(singular, candidates);
    if (bySingular.length > 0) return bySingular;
  }
  return [];
}

const QUALIFIER = /^(line|color|finish):(.+)$/;

/** "line:driftwood" keeps only lines: the user picked that reading of an ambiguous word. */
function qualified(word: string): { facet?: WordFacet; word: string } {
  const [, facet, rest] = QUALIFIER.exec(word) ?? [];
  return isOneOf(WORD_FACETS, facet) && rest ? { facet, word: rest } : { word };
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
  const result: SmartSearchResult = { sizes: [], lines: [], colors: [], finishes: [], freeText: [], either: [], chips: [] };
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
  /** One reading is a plain chip; several become an 'either' chip and an alternatives group. */
  const addMatches = (matches: readonly Candidate[], indexes: number[]) => {
    if (matches.length === 1) {
      addFacet(matches[0]!.facet, [matches[0]!.value], indexes);
      return;
    }
    const options = matches.map((m) => ({ facet: m.facet, value: m.value }));
    const key = JSON.stringify(options);
    const existing = result.chips.find((c) => c.facet === 'either' && JSON.stringify(c.options) === key);
    if (existing) {
      existing.tokens.push(...indexes);
      return;
    }
    result.either.push(options);
    result.chips.push({ facet: 'either', values: [...new Set(options.map((o) => o.value))], tokens: indexes, options });
  };

  let i = 0;
  while (i < tokens.length) {
    // Several words naming one value exactly, longest first; the special words stay out of it.
    let consumed = 0;
    for (let n = Math.min(MAX_PHRASE_WORDS, tokens.length - i); n >= 2 && consumed === 0; n--) {
      const first = qualified(tokens[i]!);
      const words = [first.word, ...tokens.slice(i + 1, i + n)];
      if (words.some((w) => NEVER_MATCHED.has(w) || HEXAGON_WORDS.has(w))) continue;
      const phrase = words.join(' ');
      const size = first.facet ? undefined : vocabulary.sizes.find((s) => s.trim().toLowerCase() === phrase);
      const exact = size ? [] : exactMatches(phrase, candidates).filter((c) => !first.facet || c.facet === first.facet);
      const indexes = Array.from({ length: n }, (_, k) => i + k);
      if (size) addFacet('size', [size], indexes);
      else if (exact.length > 0) addMatches(exact, indexes);
      else continue;
      consumed = n;
    }
    if (consumed > 0) {
      i += consumed;
      continue;
    }

    const { facet: picked, word } = qualified(tokens[i]!);
    if (HEXAGON_WORDS.has(word) || HEXAGON_WORDS.has(freeTextOf(word))) {
      free.push({ text: HEXAGON_PHRASE, token: i });
    } else if (isSizePattern(word)) {
      const sizes = matchSizes(word, vocabulary.sizes);
      if (sizes.length > 0) addFacet('size', sizes, [i]);
      else free.push({ text: word, token: i });
    } else {
      const pool = picked ? candidates.filter((c) => c.facet === picked) : candidates;
      const matches = matchTerm(word, pool);
      if (matches.length > 0) addMatches(matches, [i]);
      else free.push({ text: freeTextOf(word), token: i });
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

/**
 * The query with an 'either' chip's words narrowed to one reading: "driftwood" becomes
 * "line:driftwood", which matches lines only.
 */
export function pickSearchOption(query: string, chip: SearchChip, facet: SearchOption['facet']): string {
  const first = chip.tokens[0];
  return tokenizeSearch(query)
    .map((word, index) => (index === first ? `${facet}:${qualified(word).word}` : word))
    .join(' ');
}

/** The query without the words behind one chip (removing "Matte" from "12x24 matte" leaves "12x24"). */
export function removeSearchTokens(query: string, tokenIndexes: readonly number[]): string {
  const drop = new Set(tokenIndexes);
  return tokenizeSearch(query)
    .filter((_, index) => !drop.has(index))
    .join(' ');
}
