import type { merchandise } from '../schema';
import { PRODUCT_LINES } from './product-lines';

export type NewMerchandise = typeof merchandise.$inferInsert;

/**
 * Marketing material a salesperson adds to a sample order (Additional
 * Merchandise). Prices stay at the default 0: The spec says merchandise is free in orders.
 */
export function demoMerchandise(): NewMerchandise[] {
  return [...displays(), ...handboards(), ...priceLists(), ...labels()];
}

function displays(): NewMerchandise[] {
  const display = (code: string, name: string, category: string, description: string): NewMerchandise => ({
    type: 'display',
    code,
    name,
    category,
    description,
  });
  return [
    display('DSP-FLR-01', 'Floor Spinner Display', 'Floor Displays', 'Four-sided rotating spinner holding 48 12x24 samples.'),
    display('DSP-FLR-02', 'Waterfall Display - 24 Slot', 'Floor Displays', 'Freestanding waterfall rack for 24 large-format samples.'),
    display('DSP-CTR-01', 'Countertop Sample Box', 'Countertop Displays', 'Counter box with 12 labelled 4x4 chips of one collection.'),
    display('DSP-CTR-02', 'Mosaic Sample Tray', 'Countertop Displays', 'Tray for 8 mosaic sheets with a header card.'),
    display('DSP-WALL-01', 'Wall Panel Rack - 6 Panels', 'Wall Displays', 'Wall-mounted rack showing six 24x48 installed panels.'),
    display('DSP-WALL-02', 'Slab Vignette Frame', 'Wall Displays', 'Steel frame showing one 48x110 slab with a countertop edge.'),
  ];
}

function handboards(): NewMerchandise[] {
  const handboard = (code: string, name: string, handboardType: string, description: string): NewMerchandise => ({
    type: 'handboard',
    code,
    name,
    handboardType,
    description,
  });
  return [
    handboard('HB-CAL-01', 'Calacatta Luxe Handboard', 'Handboard', 'All colours of Calacatta Luxe in polished and matte.'),
    handboard('HB-UC-01', 'Urban Concrete Handboard', 'Handboard', 'All colours of Urban Concrete in matte and lappato.'),
    handboard('HB-TRV-01', 'Travertino Romano Handboard', 'Handboard', 'All colours of Travertino Romano in honed and matte.'),
    handboard('HB-WOOD-01', 'Wood Collection Plank Board', 'Plank Board', 'Full-length 8x48 planks of every wood-look line.'),
    handboard('HB-ZEL-01', 'Zellige Artisan Mini Board', 'Mini Board', 'Pocket board with every Zellige Artisan glaze.'),
    handboard('HB-MRB-01', 'Marble Collection Sample Board', 'Sample Board', 'One chip of each marble-look line.'),
  ];
}

function priceLists(): NewMerchandise[] {
  const priceList = (code: string, name: string, category: string, description: string): NewMerchandise => ({
    type: 'pricelist',
    code,
    name,
    category,
    description,
  });
  return [
    priceList('PL-GEN-01', 'Retail Price List', 'General', 'Suggested retail prices for every tile line.'),
    priceList('PL-GEN-02', 'Slab Price Sheet', 'General', 'Slab pricing and fabrication lead times.'),
    priceList('PL-DLR-01', 'Dealer Net Price List', 'Dealer', 'Net prices for authorised dealers.'),
    priceList('PL-DLR-02', 'Dealer Volume Pricing', 'Dealer', 'Pallet and truckload price breaks.'),
    priceList('PL-CON-01', 'Contractor Price List', 'Contractor', 'Project pricing for trade accounts.'),
    priceList('PL-CON-02', 'Setting Materials Price List', 'Contractor', 'Thinset, grout, membranes and trims.'),
  ];
}

/** One shelf label per demo tile line, so every line group on the labels screen has an entry. */
function labels(): NewMerchandise[] {
  return PRODUCT_LINES.map(({ line }) => ({
    type: 'label',
    code: `LBL-${line.toUpperCase().replace(/[^A-Z0-9]+/g, '-')}`,
    name: `${line} Shelf Label`,
    line,
    description: `Shelf-edge label for ${line} with SKUs and box coverage.`,
  }));
}
