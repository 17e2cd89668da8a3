import type { Db } from '../../src/server/db/client';
import { stockColumnsOf } from '../../src/common/domain/stock-level';
import { products } from '../../src/server/db/schema';

/** A product row, with its stock also as the API's text (the benches pick SKUs by it). */
type NewProduct = typeof products.$inferInsert & { stockLevel: string };

const LINES = ['Calacatta Luxe', 'Statuario Classic', 'Pietra Grey', 'Concrete Loft', 'Travertino Romano', 'Oak Plank', 'Terrazzo Mix', 'Slate Noir', 'Onyx Dream', 'Basalt Edge'];
const COLORS = ['White', 'Gold', 'Ivory', 'Grey', 'Silver', 'Cream', 'Sand', 'Charcoal', 'Black', 'Beige', 'Taupe', 'Smoke'];
const SIZES = ['12x24', '24x24', '24x48', '8x48', '6x36', '3x12', '48x48', '2x2 Mosaic', 'Hexagon Mosaic', '3x24 Bullnose'];
const FINISHES = ['Matte', 'Polished', 'Lappato', 'Honed'];
const STOCK = ['0', 'Special Order Only', 'Fabrication Required - 2 Week Lead', '4', '12', '120', '480', '1250'];

/** A deterministic synthetic catalogue of `count` products with realistic text lengths. */
export function syntheticProducts(count: number): NewProduct[] {
  const list: NewProduct[] = [];
  for (let i = 0; i < count; i++) {
    const line = LINES[i % LINES.length]!;
    const color = COLORS[Math.floor(i / LINES.length) % COLORS.length]!;
    const size = SIZES[Math.floor(i / 7) % SIZES.length]!;
    const finish = FINISHES[Math.floor(i / 3) % FINISHES.length]!;
    const each = size.includes('Mosaic') || size.includes('Bullnose');
    list.push({
      id: 10_000 + i,
      name: `${line} ${size} ${color} ${finish}`,
      collection: `${line.split(' ')[0]} Collection`,
      line,
      size,
      color,
      finish,
      soldBy: each ? 'Each' : 'Box',
      description: `${finish} porcelain ${each ? 'mosaic sheet' : 'floor and wall tile'} in ${color} from the ${line} line, rectified edges, frost resistant.`,
      price: i % 17 === 0 ? null : (20 + (i % 400) / 7).toFixed(2),
      imageUrl: null,
      stockLevel: STOCK[i % STOCK.length]!,
      ...stockColumnsOf(STOCK[i % STOCK.length]),
      coverage: each ? '12x12' : '15.5',
      pricePerSqft: i % 17 === 0 ? null : (2 + (i % 90) / 11).toFixed(2),
      quantityOnOrder: i % 9 === 0 ? 40 : 0,
    });
  }
  return list;
}

export async function insertProducts(db: Db, rows: NewProduct[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await db.insert(products).values(rows.slice(i, i + 500));
}
