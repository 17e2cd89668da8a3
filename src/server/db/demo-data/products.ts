import { stockColumnsOf } from '../../../common/domain/stock-level';
import type { products } from '../schema';
import {
  FINISH_PRICE_FACTOR,
  FORMAT_SPECS,
  STOCK_FABRICATION,
  STOCK_OUT,
  STOCK_SPECIAL_ORDER,
  type Finish,
  type Format,
  type FormatSpec,
} from './product-formats';
import { PRODUCT_LINES, type ProductLine } from './product-lines';
import { createSeededRandom, type SeededRandom } from './seeded-random';

/** A product row to insert, with its stock also as the API's text (what the demo's lots and the journeys read). */
export type NewProduct = typeof products.$inferInsert & { stockLevel: string };

/** Changing this reshuffles every stock level and price of the demo catalogue. */
const CATALOGUE_SEED = 0x7111e5;

/** The whole demo catalogue, sorted by SKU; the same on every call. */
export function generateDemoProducts(): NewProduct[] {
  const catalogue: NewProduct[] = [];
  for (const line of PRODUCT_LINES) {
    line.colors.forEach((color, colorIndex) => {
      let n = 0;
      for (const format of line.formats) {
        for (const finish of finishesMadeIn(line, format)) {
          const id = line.skuBase + colorIndex * 100 + n++;
          catalogue.push(buildProduct(id, line, color, format, finish));
        }
      }
    });
  }
  return catalogue.sort((a, b) => a.id - b.id);
}

/**
 * Factories glaze mosaics, trims and deco pieces in a line's two main finishes
 * only (lines list those first); field tiles and slabs come in every finish.
 */
function finishesMadeIn(line: ProductLine, format: Format): readonly Finish[] {
  const kind = FORMAT_SPECS[format].kind;
  return kind === 'mosaic' || kind === 'trim' || kind === 'deco' ? line.finishes.slice(0, 2) : line.finishes;
}

function buildProduct(id: number, line: ProductLine, color: string, format: Format, finish: Finish): NewProduct {
  // One generator per SKU: a product's stock and price depend only on its own id,
  // so adding a line or colour does not reshuffle the rest of the catalogue.
  const random = createSeededRandom(CATALOGUE_SEED ^ Math.imul(id, 2654435761));
  const spec = FORMAT_SPECS[format];
  const stockLevel = pickStockLevel(spec, random);
  return {
    id,
    name: `${line.line} ${format} ${color} ${finish}`,
    collection: line.collection,
    line: line.line,
    size: format,
    color,
    finish,
    soldBy: spec.soldBy,
    description: `${capitalize(finish.toLowerCase())} porcelain ${spec.use} in ${color} with ${line.look}.`,
    imageUrl: null,
    stockLevel,
    ...stockColumnsOf(stockLevel),
    quantityOnOrder: pickQuantityOnOrder(stockLevel, random),
    ...pickPricing(line, format, finish, random),
  };
}

/**
 * Stock mix seen on a real stock sheet: most items in stock, a tail of low and
 * zero stock, special-order large formats, and slabs that are cut to order.
 */
function pickStockLevel(spec: FormatSpec, random: SeededRandom): string {
  const r = random.next();
  if (spec.kind === 'slab') {
    if (r < 0.65) return STOCK_FABRICATION;
    if (r < 0.75) return STOCK_SPECIAL_ORDER;
    if (r < 0.82) return STOCK_OUT;
    return String(random.int(1, 24));
  }
  const [specialOrder, out, low] = spec.kind === 'large' ? [0.18, 0.28, 0.45] : [0.04, 0.13, 0.28];
  if (r < specialOrder) return STOCK_SPECIAL_ORDER;
  if (r < out) return STOCK_OUT;
  if (r < low) return String(random.int(1, 10));
  // Squared so most in-stock items hold a few hundred and a few hold thousands.
  const ceiling = spec.soldBy === 'Each' ? 900 : 2400;
  return String(11 + Math.floor(random.next() ** 2 * (ceiling - 11)));
}

/** Purchase orders with the factory are mostly for what has run out. */
function pickQuantityOnOrder(stockLevel: string, random: SeededRandom): number {
  if (stockLevel === STOCK_OUT) return random.chance(0.55) ? random.int(2, 60) * 10 : 0;
  if (stockLevel === STOCK_SPECIAL_ORDER) return random.chance(0.2) ? random.int(1, 20) * 10 : 0;
  if (stockLevel === STOCK_FABRICATION) return random.chance(0.15) ? random.int(2, 12) : 0;
  return random.chance(0.07) ? random.int(2, 50) * 10 : 0;
}

type Pricing = Pick<NewProduct, 'price' | 'pricePerSqft' | 'coverage'>;

function pickPricing(line: ProductLine, format: Format, finish: Finish, random: SeededRandom): Pricing {
  const spec = FORMAT_SPECS[format];
  const rawPerSqft = line.basePricePerSqft * spec.priceFactor * FINISH_PRICE_FACTOR[finish];
  if (spec.soldBy === 'Box') {
    const boxSqft = line.boxSqftOverride?.[format] ?? spec.boxSqft[line.units];
    const perSqft = charmPrice(rawPerSqft);
    return { coverage: String(boxSqft), pricePerSqft: perSqft.toFixed(2), price: (perSqft * boxSqft).toFixed(2) };
  }
  // Slabs are quoted per job for about a third of SKUs: The spec shows those as CALL (null).
  if (spec.kind === 'slab' && random.chance(0.35)) {
    return { coverage: spec.pieceSize, price: null, pricePerSqft: null };
  }
  const perPiece = charmPrice(rawPerSqft * spec.pieceSqft);
  return { coverage: spec.pieceSize, price: perPiece.toFixed(2), pricePerSqft: (perPiece / spec.pieceSqft).toFixed(2) };
}

/** Price lists end in 9: 4.32 becomes 4.39. */
function charmPrice(value: number): number {
  return Math.max(0.49, Math.ceil(value * 10) / 10 - 0.01);
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
