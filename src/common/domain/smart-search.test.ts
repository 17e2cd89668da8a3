import { describe, expect, it } from 'vitest';
import {
  isSizePattern,
  parseSmartSearch,
  pickSearchOption,
  removeSearchTokens,
  singularsOf,
  tokenizeSearch,
  type SearchVocabulary,
} from './smart-search';

const vocabulary: SearchVocabulary = {
  sizes: ['12x24', '24x24', '24x48', '24x48 Deco', '3x12', '3x24 Bullnose', '2x2 Mosaic', 'Hexagon Mosaic', '48x110 Slab'],
  lines: ['Calacatta Luxe', 'Statuario Classic', 'Pietra Grey', 'Concrete Loft', 'Travertino'],
  colors: ['White', 'Gold', 'Grey', 'Green', 'Ivory', 'Charcoal', 'Silver', 'Anthracite'],
  finishes: ['Matte', 'Polished', 'Honed', 'Lappato'],
};

const parse = (query: string, vocab = vocabulary) => {
  const { chips: _chips, ...rest } = parseSmartSearch(query, vocab);
  return rest;
};
const empty = { sizes: [], lines: [], colors: [], finishes: [], freeText: [], either: [] };

describe('tokenizeSearch', () => {
  it('lower-cases and splits on spaces and commas', () => {
    expect(tokenizeSearch('  White,  MATTE ')).toEqual(['white', 'matte']);
  });
  it('joins size spellings into one word', () => {
    expect(tokenizeSearch('12 x 24')).toEqual(['12x24']);
    expect(tokenizeSearch('12"x24"')).toEqual(['12x24']);
    expect(tokenizeSearch('12×24 matte')).toEqual(['12x24', 'matte']);
  });
});

describe('smart search: the 3-character minimum', () => {
  it('leaves one- and two-letter words as free text', () => {
    expect(parse('go')).toEqual({ ...empty, freeText: ['go'] });
  });
  it('matches from three characters', () => {
    expect(parse('gol')).toEqual({ ...empty, colors: ['Gold'] });
  });
  it('even an exact two-letter value is not matched', () => {
    expect(parse('ab', { ...vocabulary, colors: ['AB'] })).toEqual({ ...empty, freeText: ['ab'] });
  });
});

describe('smart search: exact matches', () => {
  it('matches a line, a colour and a finish exactly, ignoring case', () => {
    expect(parse('Travertino WHITE matte')).toEqual({
      ...empty,
      lines: ['Travertino'],
      colors: ['White'],
      finishes: ['Matte'],
    });
  });
  it('prefers an exact match over a longer value of the same facet it also prefixes', () => {
    // "grey" is the colour Grey; the colour Greystone it prefixes is not offered.
    const vocab = { ...vocabulary, lines: ['Travertino'], colors: ['Grey', 'Greystone'] };
    expect(parse('grey', vocab)).toEqual({ ...empty, colors: ['Grey'] });
  });
  it('offers the colour Grey and the line Pietra Grey for "grey" (a word naming both)', () => {
    expect(parse('grey')).toEqual({
      ...empty,
      either: [
        [
          { facet: 'line', value: 'Pietra Grey' },
          { facet: 'color', value: 'Grey' },
        ],
      ],
    });
  });
  it('matches a multi-word value typed in full', () => {
    expect(parse('calacatta luxe polished')).toEqual({ ...empty, lines: ['Calacatta Luxe'], finishes: ['Polished'] });
  });
});

describe('smart search: unique prefixes', () => {
  it('matches a prefix that only one value has', () => {
    expect(parse('pol')).toEqual({ ...empty, finishes: ['Polished'] });
    expect(parse('calac')).toEqual({ ...empty, lines: ['Calacatta Luxe'] });
  });
  it('leaves a prefix shared by two values as free text', () => {
    // Grey and Green
    expect(parse('gre')).toEqual({ ...empty, freeText: ['gre'] });
  });
  it('counts values across line, colour and finish when judging uniqueness', () => {
    const vocab = { ...vocabulary, lines: ['Silverstone'], colors: ['Silver'] };
    // "silv" prefixes both the line Silverstone and the colour Silver.
    expect(parse('silv', vocab)).toEqual({ ...empty, freeText: ['silv'] });
  });
});

describe('smart search: containment from 5 characters', () => {
  it('does not match by containment below 5 characters', () => {
    // "rete" is inside Concrete Loft only, but has 4 characters.
    expect(parse('rete')).toEqual({ ...empty, freeText: ['rete'] });
  });
  it('matches the only value containing a 5-letter word (plain containment)', () => {
    // "oncre" covers 38% of "concrete loft" but no other value contains it.
    expect(parse('oncre')).toEqual({ ...empty, lines: ['Concrete Loft'] });
  });
  it('picks the one value the word covers by at least 60% when several contain it', () => {
    const vocab = { ...vocabulary, colors: ['Sandstone', 'Sandstone Dust Extra Pale'] };
    // "ndstone" (7) is in both; it covers 78% of "sandstone" and 28% of the other.
    expect(parse('ndstone', vocab)).toEqual({ ...empty, colors: ['Sandstone'] });
  });
  it('gives up when several values pass the 60% test', () => {
    const vocab = { ...vocabulary, colors: ['Ashwood', 'Ashwoods'] };
    expect(parse('shwoo', vocab)).toEqual({ ...empty, freeText: ['shwoo'] });
  });
  it('gives up when several contain it and none is covered by 60%', () => {
    const vocab = { ...vocabulary, colors: ['Midnight Marble Blue', 'Midnight Marble Black'] };
    expect(parse('t marb', vocab).colors).toEqual([]);
    expect(parse('ight', vocab)).toEqual({ ...empty, freeText: ['ight'] });
    expect(parse('dnight', vocab)).toEqual({ ...empty, freeText: ['dnight'] });
  });
});

describe('smart search: mosaic and hexagon', () => {
  it('never matches mosaic or mosaics to a value', () => {
    const vocab = { ...vocabulary, lines: ['Mosaics'], finishes: ['Mosaic'] };
    expect(parse('mosaic 12x24', vocab)).toEqual({ ...empty, sizes: ['12x24'], freeText: ['mosaic'] });
    // Free text is kept singular, so "mosaics" finds "2x2 Mosaic".
    expect(parse('mosaics white', vocab)).toEqual({ ...empty, colors: ['White'], freeText: ['mosaic'] });
  });
  it('turns hex and hexagon into the free text "hexagon mosaic"', () => {
    expect(parse('hex')).toEqual({ ...empty, freeText: ['hexagon mosaic'] });
    expect(parse('hexagon white')).toEqual({ ...empty, colors: ['White'], freeText: ['hexagon mosaic'] });
  });
  it('does not match "hexagon mosaic" typed in full to the size, and does not repeat mosaic', () => {
    expect(parse('hexagon mosaic')).toEqual({ ...empty, freeText: ['hexagon mosaic'] });
  });
});

describe('smart search: size patterns', () => {
  it('matches a size exactly', () => {
    expect(parse('12x24')).toEqual({ ...empty, sizes: ['12x24'] });
  });
  it('matches every size a pattern prefixes', () => {
    expect(parse('24x48')).toEqual({ ...empty, sizes: ['24x48', '24x48 Deco'] });
    expect(parse('24x')).toEqual({ ...empty, sizes: ['24x24', '24x48', '24x48 Deco'] });
    expect(parse('3x24')).toEqual({ ...empty, sizes: ['3x24 Bullnose'] });
  });
  it('accepts "12 x 24" and 12"x24"', () => {
    expect(parse('12 x 24 matte')).toEqual({ ...empty, sizes: ['12x24'], finishes: ['Matte'] });
    expect(parse('12"x24"')).toEqual({ ...empty, sizes: ['12x24'] });
  });
  it('leaves an unknown size as free text', () => {
    expect(parse('99x99')).toEqual({ ...empty, freeText: ['99x99'] });
  });
  it('matches a size with its word typed in full', () => {
    expect(parse('24x48 deco')).toEqual({ ...empty, sizes: ['24x48 Deco'] });
  });
});

describe('smart search: free text', () => {
  it('merges words into one phrase when every word is free text', () => {
    expect(parse('bold veining')).toEqual({ ...empty, freeText: ['bold veining'] });
    expect(parse('hex tile')).toEqual({ ...empty, freeText: ['hexagon mosaic tile'] });
  });
  it('keeps free words apart when another word was understood', () => {
    expect(parse('matte bold veining')).toEqual({ ...empty, finishes: ['Matte'], freeText: ['bold', 'veining'] });
  });
  it('keeps a single free word as it is', () => {
    expect(parse('1203')).toEqual({ ...empty, freeText: ['1203'] });
  });
  it('gives an empty result for an empty query', () => {
    expect(parse('   ')).toEqual(empty);
  });
});

describe('smart search chips', () => {
  it('explains each understood word and lets one be removed', () => {
    const result = parseSmartSearch('12x24 matte white', vocabulary);
    expect(result.chips).toEqual([
      { facet: 'size', values: ['12x24'], tokens: [0] },
      { facet: 'finish', values: ['Matte'], tokens: [1] },
      { facet: 'color', values: ['White'], tokens: [2] },
    ]);
    expect(removeSearchTokens('12x24 matte white', result.chips[1]!.tokens)).toBe('12x24 white');
  });
  it('gives a multi-word value one chip that removes all its words', () => {
    const result = parseSmartSearch('Calacatta Luxe 12x24', vocabulary);
    expect(result.chips[0]).toEqual({ facet: 'line', values: ['Calacatta Luxe'], tokens: [0, 1] });
    expect(removeSearchTokens('Calacatta Luxe 12x24', result.chips[0]!.tokens)).toBe('12x24');
  });
  it('shows a merged phrase as one text chip', () => {
    expect(parseSmartSearch('bold veining', vocabulary).chips).toEqual([
      { facet: 'text', values: ['bold veining'], tokens: [0, 1] },
    ]);
  });
  it('lists a value typed twice once', () => {
    const result = parseSmartSearch('matte matte', vocabulary);
    expect(result.finishes).toEqual(['Matte']);
    expect(result.chips).toEqual([{ facet: 'finish', values: ['Matte'], tokens: [0, 1] }]);
  });
});

/** Plurals, the start of words, and a word naming both a line and a colour. */
const catalogue: SearchVocabulary = {
  sizes: ['2x2 Mosaic', '12x24', 'Hexagon Mosaic'],
  lines: ['Coastal Driftwood', 'Concrete Loft', 'Calacatta Luxe', 'Urban Grey', 'Pietra Grey'],
  colors: ['Driftwood', 'White', 'Grey', 'Sand', 'Ivory'],
  finishes: ['Matte', 'Polished'],
};
const driftwoodEither = [
  { facet: 'line', value: 'Coastal Driftwood' },
  { facet: 'color', value: 'Driftwood' },
];

describe('smart search: plurals', () => {
  it.each([
    ['mosaics', { freeText: ['mosaic'] }],
    ['Mosaics 12x24', { sizes: ['12x24'], freeText: ['mosaic'] }],
    ['whites', { colors: ['White'] }],
    ['ivories', { colors: ['Ivory'] }],
    ['mattes', { finishes: ['Matte'] }],
    ['sands matte', { colors: ['Sand'], finishes: ['Matte'] }],
    ['hexagons', { freeText: ['hexagon mosaic'] }],
    ['tiles', { freeText: ['tile'] }],
    ['boxes', { freeText: ['box'] }],
    ['glass', { freeText: ['glass'] }],
    ['coastal driftwoods', { lines: ['Coastal Driftwood'], either: [driftwoodEither] }],
  ])('%s', (query, expected) => {
    expect(parse(query, catalogue)).toEqual({ ...empty, ...expected });
  });
});

describe('smart search: the start of words', () => {
  it.each([
    ['lof', { lines: ['Concrete Loft'] }],
    ['luxe', { lines: ['Calacatta Luxe'] }],
    ['coast', { lines: ['Coastal Driftwood'] }],
    ['urb', { lines: ['Urban Grey'] }],
    ['pol', { finishes: ['Polished'] }],
    ['ivo matte', { colors: ['Ivory'], finishes: ['Matte'] }],
  ])('%s', (query, expected) => {
    expect(parse(query, catalogue)).toEqual({ ...empty, ...expected });
  });
});

describe('smart search: a word naming both a line and a colour', () => {
  it.each([
    ['driftwood', { either: [driftwoodEither] }],
    ['driftw', { either: [driftwoodEither] }],
    ['DRIFT', { either: [driftwoodEither] }],
    ['driftwoods', { either: [driftwoodEither] }],
    ['driftwood 12x24', { sizes: ['12x24'], either: [driftwoodEither] }],
    // Two lines have the word "grey": only the colour is named.
    ['grey', { colors: ['Grey'] }],
    ['line:driftwood', { lines: ['Coastal Driftwood'] }],
    ['color:driftwood', { colors: ['Driftwood'] }],
    ['color:driftw matte', { colors: ['Driftwood'], finishes: ['Matte'] }],
  ])('%s', (query, expected) => {
    expect(parse(query, catalogue)).toEqual({ ...empty, ...expected });
  });

  it('offers a name that is both a line and a colour as both', () => {
    const vocab = { ...catalogue, lines: ['Travertino'], colors: ['Travertino', 'White'] };
    expect(parse('travertino', vocab).either).toEqual([
      [
        { facet: 'line', value: 'Travertino' },
        { facet: 'color', value: 'Travertino' },
      ],
    ]);
  });

  it('gives the word one chip with both readings, and picking one narrows the query', () => {
    const result = parseSmartSearch('matte driftw', catalogue);
    const chip = result.chips[1]!;
    expect(chip).toEqual({ facet: 'either', values: ['Coastal Driftwood', 'Driftwood'], tokens: [1], options: driftwoodEither });
    expect(pickSearchOption('matte driftw', chip, 'color')).toBe('matte color:driftw');
    expect(parse(pickSearchOption('matte driftw', chip, 'line'), catalogue)).toEqual({
      ...empty,
      finishes: ['Matte'],
      lines: ['Coastal Driftwood'],
    });
    expect(removeSearchTokens('matte driftw', chip.tokens)).toBe('matte');
  });
});

describe('singularsOf', () => {
  it.each([
    ['mosaics', ['mosaic']],
    ['ivories', ['ivory', 'ivorie']],
    ['boxes', ['box', 'boxe']],
    ['glass', []],
    ['12x24s', []],
    ['tis', []],
  ])('%s', (word, expected) => {
    expect(singularsOf(word)).toEqual(expected);
  });
});

describe('smart search: the edges mutation testing found', () => {
  const only = (vocab: Partial<SearchVocabulary>): SearchVocabulary => ({ sizes: [], lines: [], colors: [], finishes: [], ...vocab });
  const chips = (query: string, vocab = vocabulary) => parseSmartSearch(query, vocab).chips.map((c) => [c.facet, c.values.join('|'), c.tokens.join(',')].join(' '));

  it('knows a size pattern from its first character to its last', () => {
    for (const word of ['12x24', '12.5x24.75', '12.55x24', '12x', '3x12']) expect(isSizePattern(word), word).toBe(true);
    for (const word of ['a12x24', '12x24a', '12.x24', '12.ax24', '12x24.b', 'x24', '12']) expect(isSizePattern(word), word).toBe(false);
  });

  it('splits words at quotes', () => {
    expect(tokenizeSearch("o'neil white")).toEqual(['o', 'neil', 'white']);
  });

  it('reads the catalogue\'s values trimmed, and counts a value listed twice once', () => {
    expect(parse('white', only({ colors: [' White '] }))).toEqual({ ...empty, colors: [' White '] });
    expect(parse('pietra', only({ lines: ['Pietra Grey', 'Pietra Grey'] }))).toEqual({ ...empty, lines: ['Pietra Grey'] });
    expect(parse('12x24', only({ sizes: [' 12x24 '] }))).toEqual({ ...empty, sizes: [' 12x24 '] });
    expect(parse('24x48 deco', only({ sizes: ['24x48 Deco '] }))).toEqual({ ...empty, sizes: ['24x48 Deco '] });
  });

  it('takes the exact name over values having it as a word or starting with it', () => {
    expect(parse('grey', only({ colors: ['Blue Grey', 'Grey', 'Warm Grey'] }))).toEqual({ ...empty, colors: ['Grey'] });
    expect(parse('grey', only({ colors: ['Grey', 'Greystone', 'Blue Grey'] }))).toEqual({ ...empty, colors: ['Grey'] });
    expect(parse('grey', only({ colors: [' Grey ', 'Greystone', 'Blue Grey'] }))).toEqual({ ...empty, colors: [' Grey '] });
  });

  it('falls back to the one value a term starts when the word it completes is ambiguous', () => {
    expect(parse('gre', only({ lines: ['Grey Stone', 'Urban Grey'] }))).toEqual({ ...empty, lines: ['Grey Stone'] });
  });

  it('takes a value covered by exactly 60%', () => {
    expect(parse('averti', only({ lines: ['Travertino', 'Travertino Classico Extra'] }))).toEqual({ ...empty, lines: ['Travertino'] });
  });

  it('tries singulars of three letters, not shorter ones', () => {
    expect(parse('reds', only({ colors: ['Red'] }))).toEqual({ ...empty, colors: ['Red'] });
    expect(parse('ties', only({ colors: ['Tyrol'] }))).toEqual({ ...empty, freeText: ['tie'] });
    expect(singularsOf('tops')).toEqual(['top']);
    expect(singularsOf('chesters')).toEqual(['chester']);
  });

  it('reads a qualifier only at the start of a word', () => {
    expect(parse('aline:white', only({ colors: ['White'] }))).toEqual({ ...empty, freeText: ['aline:white'] });
  });

  it('takes the longest phrase once, and keeps mosaic out of phrases', () => {
    expect(parse('calacatta luxe gold', only({ lines: ['Calacatta Luxe Gold', 'Calacatta Luxe'] }))).toEqual({ ...empty, lines: ['Calacatta Luxe Gold'] });
    expect(parse('white mosaic', only({ colors: ['White Mosaic', 'White'] }))).toEqual({ ...empty, colors: ['White'], freeText: ['mosaic'] });
    expect(chips('calacatta luxe')).toEqual(['line Calacatta Luxe 0,1']);
  });

  it('reads a qualified phrase in its facet only, an unqualified one in every facet naming it', () => {
    const both = only({ lines: ['Travertino Classico'], colors: ['Travertino Classico'] });
    expect(parse('color:travertino classico', both)).toEqual({ ...empty, colors: ['Travertino Classico'] });
    expect(parse('line:travertino classico', both)).toEqual({ ...empty, lines: ['Travertino Classico'] });
    expect(parse('travertino classico', both).either).toEqual([
      [
        { facet: 'line', value: 'Travertino Classico' },
        { facet: 'color', value: 'Travertino Classico' },
      ],
    ]);
  });

  it('gives a value typed twice one chip, and the same value of two facets two chips (chip de-duplication)', () => {
    expect(chips('white matte white')).toEqual(['color White 0,2', 'finish Matte 1']);
    const both = only({ lines: ['White'], colors: ['White'] });
    expect(chips('color:white line:white', both)).toEqual(['color White 0', 'line White 1']);
    expect(chips('12x24 12x24')).toEqual(['size 12x24 0,1']);
    expect(chips('white gold')).toEqual(['color White 0', 'color Gold 1']);
  });

  it('gives a word with two readings, typed twice, one chip and one group of alternatives', () => {
    const result = parseSmartSearch('grey grey', vocabulary);
    expect(result.either).toHaveLength(1);
    expect(result.chips.map((c) => [c.facet, c.tokens])).toEqual([['either', [0, 1]]]);
    const two = parseSmartSearch('grey driftwood', { sizes: [], lines: ['Pietra Grey', 'Coastal Driftwood'], colors: ['Grey', 'Driftwood'], finishes: [] });
    expect(two.either).toHaveLength(2);
    expect(two.chips.map((c) => [c.facet, c.values.join('|'), c.tokens.join(',')].join(' '))).toEqual([
      'either Pietra Grey|Grey 0',
      'either Coastal Driftwood|Driftwood 1',
    ]);
  });

  it('keeps free words apart and once each when another word was understood', () => {
    const result = parseSmartSearch('foo white bar foo', vocabulary);
    expect(result.freeText).toEqual(['foo', 'bar']);
    expect(result.chips.map((c) => [c.facet, c.values.join('|'), c.tokens.join(',')].join(' '))).toEqual(['color White 1', 'text foo 0,3', 'text bar 2']);
  });
});
