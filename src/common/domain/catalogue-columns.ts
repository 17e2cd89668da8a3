import type { CatalogueColumns } from '../contracts/catalogue-columns';
import type { Product } from '../contracts/products';

/** The columns of whole numbers: sent between threads as typed arrays, whose memory moves rather than being copied (ADR 0198). */
const NUMBER_COLUMNS = ['id', 'quantityOnOrder', 'collection', 'line', 'size', 'color', 'finish', 'soldBy', 'imageUrl', 'stockLevel', 'coverage'] as const;
type NumberColumn = (typeof NUMBER_COLUMNS)[number];

/** The columns as parsed (arrays) or packed by `packCatalogueColumns` (typed arrays): `decodeCatalogueColumns` reads either. */
export type ReadableCatalogueColumns = Omit<CatalogueColumns, NumberColumn> & Record<NumberColumn, ArrayLike<number>>;

/**
 * The parsed columns with their number columns in typed arrays, and those arrays' buffers to
 * transfer: the catalogue is parsed in a worker (ADR 0198) and posted to the page, where a
 * transferred buffer costs nothing and 11 arrays of 50,000 numbers would be copied one by one.
 * Ids and quantities are safe integers (Float64Array); the others are string-table indexes (Int32Array).
 */
export function packCatalogueColumns(columns: CatalogueColumns): { packed: ReadableCatalogueColumns; transfer: ArrayBuffer[] } {
  const packed: ReadableCatalogueColumns = { ...columns };
  const transfer: ArrayBuffer[] = [];
  for (const column of NUMBER_COLUMNS) {
    const typed = column === 'id' || column === 'quantityOnOrder' ? Float64Array.from(columns[column]) : Int32Array.from(columns[column]);
    packed[column] = typed;
    transfer.push(typed.buffer);
  }
  return { packed, transfer };
}

/** The columns written through the string table (few distinct values, repeated across products). */
type CodedField = 'collection' | 'line' | 'size' | 'color' | 'finish' | 'soldBy' | 'imageUrl' | 'stockLevel' | 'coverage';

/**
 * The catalogue as columns (ADR 0188): the same products as GET /api/products, in the same order.
 * At 50,000 products the array of objects is ~21 MB of JSON, most of it repeated keys and values,
 * and parsing it was the largest single cost of showing /stock; the columns are less than half.
 */
export function encodeCatalogueColumns(products: readonly Product[], withPrices: boolean): CatalogueColumns {
  const strings: string[] = [];
  const indexOf = new Map<string, number>();
  const code = (value: string | null): number => {
    if (value === null) return -1;
    let index = indexOf.get(value);
    if (index === undefined) {
      index = strings.length;
      strings.push(value);
      indexOf.set(value, index);
    }
    return index;
  };
  const codedColumn = (field: CodedField) => products.map((p) => code(p[field]));
  const columns: CatalogueColumns = {
    count: products.length,
    strings,
    id: products.map((p) => p.id),
    name: products.map((p) => p.name),
    description: products.map((p) => p.description),
    quantityOnOrder: products.map((p) => p.quantityOnOrder),
    collection: codedColumn('collection'),
    line: codedColumn('line'),
    size: codedColumn('size'),
    color: codedColumn('color'),
    finish: codedColumn('finish'),
    soldBy: codedColumn('soldBy'),
    imageUrl: codedColumn('imageUrl'),
    stockLevel: codedColumn('stockLevel'),
    coverage: codedColumn('coverage'),
  };
  if (withPrices) {
    columns.price = products.map((p) => p.price ?? null);
    columns.pricePerSqft = products.map((p) => p.pricePerSqft ?? null);
  }
  return columns;
}

/** The products again, each exactly as GET /api/products sends it (no price keys without prices). */
export function decodeCatalogueColumns(columns: ReadableCatalogueColumns): Product[] {
  const { strings, count, price, pricePerSqft } = columns;
  const text = (index: number): string | null => (index < 0 ? null : strings[index]!);
  // soldBy, stockLevel and coverage are never null in a product.
  const word = (index: number): string => strings[index] ?? '';
  const products = new Array<Product>(count);
  for (let i = 0; i < count; i++) {
    // One literal, one hidden class for every product: the table and the filters read them fast.
    const product: Product = {
      id: columns.id[i]!,
      name: columns.name[i]!,
      collection: text(columns.collection[i]!),
      line: text(columns.line[i]!),
      size: text(columns.size[i]!),
      color: text(columns.color[i]!),
      finish: text(columns.finish[i]!),
      soldBy: word(columns.soldBy[i]!),
      description: columns.description[i] ?? null,
      imageUrl: text(columns.imageUrl[i]!),
      stockLevel: word(columns.stockLevel[i]!),
      coverage: word(columns.coverage[i]!),
      quantityOnOrder: columns.quantityOnOrder[i]!,
    };
    if (price && pricePerSqft) {
      product.price = price[i] ?? null;
      product.pricePerSqft = pricePerSqft[i] ?? null;
    }
    products[i] = product;
  }
  return products;
}
