/**
 * docs/ui-rules.md: tiles with no photo get a generated swatch from their colour and finish,
 * so the catalog never shows a broken image. Pure: colour name -> CSS background.
 */
const PALETTE: Record<string, string> = {
  white: '#f2f0eb',
  ivory: '#ede5d3',
  cream: '#eadfc8',
  pearl: '#e6e3dc',
  ice: '#e3e8ea',
  cloud: '#dcdcd8',
  bone: '#e6dccb',
  gold: '#cfb57a',
  honey: '#c99a5b',
  sand: '#d6c3a0',
  beige: '#d4c4a8',
  natural: '#c9ae86',
  birch: '#dcc9a6',
  caramel: '#b47e4a',
  taupe: '#9c8c7b',
  grey: '#a19d97',
  silver: '#bfc1c2',
  ash: '#b3ada3',
  smoke: '#8e8a85',
  graphite: '#55524f',
  charcoal: '#45423f',
  anthracite: '#3b3b3a',
  black: '#262524',
  walnut: '#6a4a34',
  chocolate: '#5a3e2e',
  chestnut: '#7b4f34',
  espresso: '#3e2b22',
  cognac: '#9a5a33',
  mocha: '#7d5e4b',
  teak: '#9a6b3f',
  noce: '#7d5638',
  driftwood: '#a89d8d',
  rust: '#9c5a3a',
  bronze: '#8c6a45',
  rosso: '#9e3b2f',
  red: '#a7412f',
  sienna: '#a0603c',
  umber: '#6f5443',
  blush: '#e4c3bb',
  brown: '#6e4e3a',
  green: '#7f9478',
  sage: '#a4b19a',
  emerald: '#2f6b55',
  blue: '#6f8aa8',
  navy: '#2e3d57',
  sky: '#a9c3d8',
  multicolor: '#b19a86',
};

/** A quiet colour from the name for colours not in the palette (same name, same colour). */
function fallbackColour(name: string): string {
  let hash = 0;
  for (const char of name.toLowerCase()) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `hsl(${hash % 360} 18% 62%)`;
}

export function swatchColour(color: string | null): string {
  if (!color) return '#cfcac3';
  const words = color.toLowerCase().split(/[\s/-]+/);
  for (const word of words) {
    const known = PALETTE[word];
    if (known) return known;
  }
  return fallbackColour(color);
}

/** Tile proportions from a size such as "12x24" (mosaics are small squares); null when unknown. */
export function tileProportion(size: string | null): { width: number; height: number } | null {
  const text = (size ?? '').toLowerCase();
  if (text.includes('mosaic')) return { width: 2, height: 2 };
  const match = /(\d+(?:\.\d+)?)\s*x\s*(\d+(?:\.\d+)?)/.exec(text);
  if (!match) return null;
  return { width: Number(match[1]), height: Number(match[2]) };
}

/** Light finishes reflect: polished gets a strong sheen, lappato a soft one, matte and honed none. */
export function finishSheen(finish: string | null): number {
  const text = (finish ?? '').toLowerCase();
  if (text.includes('polish') || text.includes('gloss')) return 0.45;
  if (text.includes('lappato') || text.includes('satin')) return 0.22;
  return 0;
}

/** The look of a surface, from words in its collection or line. */
export type SurfaceTexture = 'veined' | 'grain' | 'speckled' | 'plain';

const TEXTURE_WORDS: [SurfaceTexture, RegExp][] = [
  ['veined', /marble|calacatta|statuario|carrara|onyx|emperador|marquina|dolomite|venato|quartzite/],
  ['grain', /wood|oak|walnut|larch|teak|driftwood|plank/],
  ['speckled', /concrete|cement|stone|slate|basalt|limestone|travertin|pietra|portland|terrazzo|terra|brick/],
];

export function surfaceTexture(collection: string | null, line: string | null): SurfaceTexture {
  const text = `${collection ?? ''} ${line ?? ''}`.toLowerCase();
  return TEXTURE_WORDS.find(([, words]) => words.test(text))?.[0] ?? 'plain';
}

/** Light tiles get dark grout and veins, dark tiles light ones, so a white swatch still reads as tile. */
export function isLightColour(css: string): boolean {
  const hex = /^#([0-9a-f]{6})$/i.exec(css)?.[1];
  if (!hex) return true;
  const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return 0.299 * r! + 0.587 * g! + 0.114 * b! > 150;
}

/** A small deterministic generator: the same product always gets the same veins. */
function seeded(seed: number): () => number {
  let state = (seed * 2654435761) >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return ((state >>> 0) % 10_000) / 10_000;
  };
}

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * The surface drawn as a 200x150 SVG (a data URL, so nothing is fetched): a few
 * wandering veins for marble, wavy grain for wood, flecks for stone and concrete.
 */
export function textureDataUrl(texture: SurfaceTexture, seed: number, ink: string): string | null {
  if (texture === 'plain') return null;
  const random = seeded(seed);
  const parts: string[] = [];
  if (texture === 'veined') {
    for (let i = 0; i < 4; i++) {
      let x = random() * 200;
      let y = -10;
      let d = `M${round(x)} ${y}`;
      for (let step = 0; step < 4; step++) {
        const nx = x + (random() - 0.35) * 90;
        const ny = y + 30 + random() * 30;
        d += ` Q${round((x + nx) / 2 + (random() - 0.5) * 50)} ${round((y + ny) / 2)} ${round(nx)} ${round(ny)}`;
        x = nx;
        y = ny;
      }
      parts.push(`<path d="${d}" fill="none" stroke="${ink}" stroke-width="${round(0.6 + random() * 1.6)}" opacity="${round(0.35 + random() * 0.5)}"/>`);
    }
  } else if (texture === 'grain') {
    for (let i = 0; i < 14; i++) {
      const y = i * 11 + random() * 6;
      const amplitude = 2 + random() * 4;
      parts.push(
        `<path d="M-5 ${round(y)} C50 ${round(y - amplitude)} 90 ${round(y + amplitude)} 140 ${round(y)} S190 ${round(y - amplitude)} 205 ${round(y)}" fill="none" stroke="${ink}" stroke-width="${round(0.5 + random())}" opacity="${round(0.4 + random() * 0.5)}"/>`,
      );
    }
  } else {
    for (let i = 0; i < 90; i++) {
      parts.push(`<circle cx="${round(random() * 200)}" cy="${round(random() * 150)}" r="${round(0.4 + random() * 1.3)}" fill="${ink}" opacity="${round(0.3 + random() * 0.6)}"/>`);
    }
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 150" preserveAspectRatio="none">${parts.join('')}</svg>`;
  return `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
}
