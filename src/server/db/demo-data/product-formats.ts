/**
 * Formats (the product `size`), finishes and stock words of the demo catalogue.
 * The stock words are the special stock strings, spelled exactly, because
 * the client and the stock CSV import compare them literally.
 */

export { STOCK_FABRICATION, STOCK_OUT, STOCK_SPECIAL_ORDER } from '@common/domain/stock-level';

export const FORMATS = [
  '12x24',
  '24x24',
  '24x48',
  '8x48',
  '6x36',
  '3x12',
  '48x48',
  '63x63',
  '2x2 Mosaic',
  'Hexagon Mosaic',
  '3x24 Bullnose',
  '24x48 Deco',
  '48x110 Slab',
] as const;
export type Format = (typeof FORMATS)[number];

export const FINISHES = ['Matte', 'Polished', 'Lappato', 'Honed'] as const;
export type Finish = (typeof FINISHES)[number];

/** Shinier finishes take more polishing passes, so they cost a little more. */
export const FINISH_PRICE_FACTOR: Record<Finish, number> = {
  Matte: 1,
  Honed: 1.06,
  Lappato: 1.1,
  Polished: 1.14,
};

/** Which stock and pricing rules apply to a format. */
export type FormatKind = 'field' | 'plank' | 'wall' | 'large' | 'mosaic' | 'trim' | 'deco' | 'slab';

interface BoxFormat {
  kind: Exclude<FormatKind, 'mosaic' | 'trim' | 'deco' | 'slab'>;
  soldBy: 'Box';
  /**
   * Square feet per box. US-made lines use nominal inches (8 pcs of 12x24 = 16 sq ft);
   * European-made lines are metric (8 pcs of 30x60 cm = 1.44 m2 = 15.5 sq ft).
   */
  boxSqft: { imperial: number; metric: number };
  priceFactor: number;
  use: string;
}

interface PieceFormat {
  kind: 'mosaic' | 'trim' | 'deco' | 'slab';
  soldBy: 'Each';
  /** Coverage of an each-sold item is a size string containing x (the sheet or piece). */
  pieceSize: string;
  pieceSqft: number;
  priceFactor: number;
  use: string;
}

export type FormatSpec = BoxFormat | PieceFormat;

export const FORMAT_SPECS: Record<Format, FormatSpec> = {
  '12x24': { kind: 'field', soldBy: 'Box', boxSqft: { imperial: 16, metric: 15.5 }, priceFactor: 1, use: 'floor and wall tile' },
  '24x24': { kind: 'field', soldBy: 'Box', boxSqft: { imperial: 16, metric: 15.5 }, priceFactor: 1.05, use: 'floor tile' },
  '24x48': { kind: 'large', soldBy: 'Box', boxSqft: { imperial: 16, metric: 15.5 }, priceFactor: 1.2, use: 'large-format floor and wall tile' },
  '8x48': { kind: 'plank', soldBy: 'Box', boxSqft: { imperial: 16, metric: 15.5 }, priceFactor: 1.1, use: 'plank' },
  // 11 planks of 15x90 cm = 1.485 m2.
  '6x36': { kind: 'plank', soldBy: 'Box', boxSqft: { imperial: 15, metric: 15.98 }, priceFactor: 1, use: 'plank' },
  // 44 pieces of 7.5x30 cm = 0.99 m2.
  '3x12': { kind: 'wall', soldBy: 'Box', boxSqft: { imperial: 10, metric: 10.66 }, priceFactor: 1.15, use: 'subway wall tile' },
  '48x48': { kind: 'large', soldBy: 'Box', boxSqft: { imperial: 32, metric: 31 }, priceFactor: 1.45, use: 'large-format floor tile' },
  // 63x63 only exists as metric 160x160 cm, one piece per crate.
  '63x63': { kind: 'large', soldBy: 'Box', boxSqft: { imperial: 27.56, metric: 27.56 }, priceFactor: 1.6, use: 'oversized floor tile' },
  '2x2 Mosaic': { kind: 'mosaic', soldBy: 'Each', pieceSize: '12x12', pieceSqft: 1, priceFactor: 2.6, use: 'mosaic sheet' },
  'Hexagon Mosaic': { kind: 'mosaic', soldBy: 'Each', pieceSize: '10x11.5', pieceSqft: 0.8, priceFactor: 2.9, use: 'hexagon mosaic sheet' },
  '3x24 Bullnose': { kind: 'trim', soldBy: 'Each', pieceSize: '3x24', pieceSqft: 0.5, priceFactor: 3.2, use: 'bullnose trim piece' },
  '24x48 Deco': { kind: 'deco', soldBy: 'Each', pieceSize: '24x48', pieceSqft: 8, priceFactor: 1.9, use: 'decorative wall panel' },
  '48x110 Slab': { kind: 'slab', soldBy: 'Each', pieceSize: '48x110', pieceSqft: 36.67, priceFactor: 2.2, use: 'porcelain slab for countertops and feature walls' },
};
