import { describe, expect, it } from 'vitest';
import {
  CART_MESSAGES,
  cartDisplayName,
  isSampleCartName,
  sampleOrderName,
  cartTotalItems,
  cartProductCount,
  productsText,
  merchandiseTitle,
  cartWording,
  DEFAULT_CART_NAME,
  defaultCartName,
  isDefaultCartName,
  nextDefaultCartName,
  MERCHANDISE_LISTS,
  merchandiseList,
  lineQuantityProblem,
  orderKindFor,
  parseQuantityInput,
  unorderableReason,
} from './cart-rules';
import { MAX_LINE_QUANTITY, STOCK_FABRICATION, STOCK_SPECIAL_ORDER } from './stock-level';

describe('stock availability', () => {
  it('refuses out-of-stock and special-order products with the spec messages, allows fabrication', () => {
    expect(unorderableReason({ name: 'Tile A', stockLevel: '0' })).toBe(
      'Tile A is out of stock and cannot be added to your cart',
    );
    expect(unorderableReason({ name: 'Tile A', stockLevel: STOCK_SPECIAL_ORDER })).toBe(
      'This item is available by special order only',
    );
    expect(unorderableReason({ name: 'Slab', stockLevel: STOCK_FABRICATION })).toBeNull();
  });

  it('agrees with the stock row on odd levels (the row enables Add exactly when this allows a line)', () => {
    expect(lineQuantityProblem({ name: 'Tile C', stockLevel: '12.5' }, 12)).toBeNull();
    expect(lineQuantityProblem({ name: 'Tile C', stockLevel: '12.5' }, 13)).toBe('Only 12 of Tile C are in stock');
    expect(lineQuantityProblem({ name: 'Slab', stockLevel: 'fabrication required' }, 3)).toBeNull();
    expect(lineQuantityProblem({ name: 'Tile D', stockLevel: '1,322' }, 1322)).toBeNull();
    expect(unorderableReason({ name: 'Tile E', stockLevel: 'lots' })).toBe('Tile E is out of stock and cannot be added to your cart');
    expect(unorderableReason({ name: 'Tile F', stockLevel: 'special order' })).toBe(CART_MESSAGES.specialOrder);
  });

  it('checks a line total against the stock', () => {
    const tile = { name: 'Tile A', stockLevel: '5' };
    expect(lineQuantityProblem(tile, 5)).toBeNull();
    expect(lineQuantityProblem(tile, 6)).toBe('Only 5 of Tile A are in stock');
    expect(lineQuantityProblem({ name: 'Tile B', stockLevel: '1' }, 2)).toBe('Only 1 of Tile B is in stock');
    expect(lineQuantityProblem(tile, 0)).toBe(CART_MESSAGES.quantityMin);
    expect(lineQuantityProblem(tile, 1.5)).toBe(CART_MESSAGES.quantityWhole);
    expect(lineQuantityProblem({ name: 'Slab', stockLevel: STOCK_FABRICATION }, MAX_LINE_QUANTITY + 1)).toBe(
      CART_MESSAGES.quantityMax,
    );
  });

  it('turns typed quantities into whole numbers, non-numeric into 0', () => {
    expect(parseQuantityInput('3')).toBe(3);
    expect(parseQuantityInput(' 4 ')).toBe(4);
    expect(parseQuantityInput('2.7')).toBe(2);
    expect(parseQuantityInput('abc')).toBe(0);
    expect(parseQuantityInput('-2')).toBe(0);
    expect(parseQuantityInput('')).toBe(0);
    expect(parseQuantityInput('1e9')).toBe(MAX_LINE_QUANTITY);
    expect(parseQuantityInput('-0')).toBe(0);
    expect(parseQuantityInput('\t7\n')).toBe(7);
  });

  it('allows a line of exactly 1 and exactly the largest quantity (the boundaries)', () => {
    const plenty = { name: 'Slab', stockLevel: STOCK_FABRICATION };
    expect(lineQuantityProblem(plenty, 1)).toBeNull();
    expect(lineQuantityProblem(plenty, MAX_LINE_QUANTITY)).toBeNull();
    expect(lineQuantityProblem(plenty, MAX_LINE_QUANTITY - 1)).toBeNull();
    expect(lineQuantityProblem(plenty, MAX_LINE_QUANTITY + 1)).toBe(CART_MESSAGES.quantityMax);
    expect(lineQuantityProblem({ name: 'Tile A', stockLevel: '1' }, 1)).toBeNull();
    expect(MAX_LINE_QUANTITY).toBe(10_000);
    expect(CART_MESSAGES.quantityMax).toBe('Quantity cannot be more than 10,000');
  });

  it('names an out-of-stock product before any quantity problem', () => {
    expect(lineQuantityProblem({ name: 'Tile Z', stockLevel: '0' }, 1)).toBe(CART_MESSAGES.outOfStock('Tile Z'));
    expect(lineQuantityProblem({ name: 'Tile Z', stockLevel: STOCK_SPECIAL_ORDER }, 0)).toBe(CART_MESSAGES.specialOrder);
  });

  it('words the Item Added toast in the product\'s unit (sold by Piece is pieces)', () => {
    expect(CART_MESSAGES.itemAdded(3, { name: 'Hex Sheet', soldBy: 'Piece' }, 'Job 4471')).toBe('Added 3 pieces of Hex Sheet to Job 4471');
    expect(CART_MESSAGES.itemAdded(1, { name: 'Hex Sheet', soldBy: 'Each' }, 'Sample Order #2')).toBe('Added 1 piece of Hex Sheet to Sample Order #2');
    expect(CART_MESSAGES.itemAdded(3, { name: 'Oak 8x48', soldBy: 'Box' }, 'Job 4471')).toBe('Added 3 boxes of Oak 8x48 to Job 4471');
    expect(CART_MESSAGES.itemAdded(1, { name: 'Oak 8x48' }, 'PO')).toBe('Added 1 box of Oak 8x48 to PO');
  });
});

describe('wording by active role (docs/product-decisions.md: the active role decides)', () => {
  it('gives salespeople sample orders and everyone else purchase orders', () => {
    expect(orderKindFor('salesperson')).toBe('sample');
    expect(orderKindFor('admin')).toBe('purchase');
    expect(orderKindFor('bold_customer')).toBe('purchase');
    expect(cartWording('salesperson')).toMatchObject({
      cartTitle: 'Current Sample Order',
      listTitle: 'Current Sample Orders',
      createLabel: 'Create New Sample Order',
      addedLabel: 'Added to Sample Order',
      createdToast: 'New PO created',
      namePlaceholder: 'Enter sample order name',
      nameLabel: 'Sample order name',
      orderNoun: 'sample order',
      clearLabel: 'Clear sample order',
      viewLabel: 'View sample order',
    });
    expect(cartWording('bold_customer')).toMatchObject({
      cartTitle: 'Current Purchase Order',
      listTitle: 'Current POs',
      createLabel: 'Create New PO',
      addedLabel: 'Added to PO',
      createdToast: 'New PO created',
      namePlaceholder: 'Enter PO name',
      nameLabel: 'PO name',
      orderNoun: 'purchase order',
      clearLabel: 'Clear PO',
      viewLabel: 'View PO',
    });
    expect(orderKindFor(null)).toBe('purchase');
    expect(DEFAULT_CART_NAME).toBe('Purchase Order 1');
  });

  it('finds each merchandise list by its type, and refuses an unknown one', () => {
    for (const list of MERCHANDISE_LISTS) expect(merchandiseList(list.type)).toBe(list);
    expect(merchandiseList('pricelist')).toMatchObject({ key: 'priceLists', title: 'Price Lists' });
    expect(() => merchandiseList('poster' as never)).toThrow(new RangeError('Unknown merchandise type poster'));
  });

  it('sums quantities across the five lists', () => {
    const q = (...quantities: number[]) => quantities.map((quantity) => ({ quantity }));
    expect(
      cartTotalItems({ items: q(2, 3), displays: q(1), labels: q(4, 1), priceLists: q(2), handboards: q(1) }),
    ).toBe(14);
  });
});

describe('cartProductCount (docs/decisions/0213: counts are products, never boxes)', () => {
  it('counts lines across the five lists, not quantities', () => {
    const q = (...quantities: number[]) => quantities.map((quantity) => ({ quantity }));
    const cart = { items: q(300, 24, 12), displays: q(1), labels: q(4, 1), priceLists: q(2), handboards: q() };
    expect(cartProductCount(cart)).toBe(7);
    expect(cartTotalItems(cart)).toBe(344);
    expect(productsText(1)).toBe('1 product');
    expect(productsText(1400)).toBe('1,400 products');
  });
});

describe('merchandiseTitle (labels read line plus name, once)', () => {
  it('puts the line before a label name once', () => {
    expect(merchandiseTitle({ type: 'label', line: 'Driftwood', name: 'Shelf Label' })).toBe('Driftwood Shelf Label');
    expect(merchandiseTitle({ type: 'label', line: 'Driftwood', name: 'Driftwood Shelf Label' })).toBe('Driftwood Shelf Label');
    expect(merchandiseTitle({ type: 'display', line: null, name: 'Tower Display' })).toBe('Tower Display');
    expect(merchandiseTitle({ type: 'display', line: 'Driftwood', name: 'Tower Display' })).toBe('Tower Display');
    expect(merchandiseTitle({ type: 'label', line: null, name: 'Shelf Label' })).toBe('Shelf Label');
    expect(merchandiseTitle({ type: 'label', line: 'Driftwood', name: 'driftwood shelf label' })).toBe('driftwood shelf label');
  });
});

describe('cartDisplayName', () => {
  it('never calls a sample order "Active Purchase Order"', () => {
    expect(cartDisplayName({ name: 'Active Purchase Order' }, 'salesperson')).toBe('Sample Order #1');
    expect(cartDisplayName({ name: 'Sample Order #3' }, 'salesperson')).toBe('Sample Order #3');
    expect(cartDisplayName({ name: 'Job 4471' }, 'salesperson')).toBe('Job 4471');
    expect(isSampleCartName('Sample Order #12')).toBe(true);
    expect(isSampleCartName('Active Purchase Order')).toBe(true);
    expect(isSampleCartName('Job 4471')).toBe(false);
    expect(cartDisplayName({ name: 'Job 4471' }, 'bold_customer')).toBe('Job 4471');
    expect(cartDisplayName({ name: 'Active Purchase Order' }, 'admin')).toBe('Active Purchase Order');
    expect(cartDisplayName({ name: 'Purchase Order 1' }, 'salesperson')).toBe('Sample Order #1');
    expect(cartDisplayName({ name: 'Purchase Order 1' }, 'bold_customer')).toBe('Purchase Order 1');
    expect(isSampleCartName('Purchase Order 2')).toBe(true);
    expect(sampleOrderName(4)).toBe('Sample Order #4');
  });
});

describe('nextDefaultCartName (docs/decisions/0213: never "Active Purchase Order")', () => {
  it('is "Purchase Order 1" for a user with no PO, then the first number no PO or order carries', () => {
    expect(nextDefaultCartName([])).toBe('Purchase Order 1');
    expect(nextDefaultCartName(['Kitchen', 'Active Purchase Order'])).toBe('Purchase Order 1');
    expect(nextDefaultCartName(['Purchase Order 1'])).toBe('Purchase Order 2');
    expect(nextDefaultCartName([' purchase order 1 ', 'Purchase Order 2', 'Purchase Order 4'])).toBe('Purchase Order 3');
    expect(nextDefaultCartName(['Purchase Order 2'])).toBe('Purchase Order 1');
  });

  it('tells default names from chosen ones', () => {
    expect(isDefaultCartName('Purchase Order 12')).toBe(true);
    expect(isDefaultCartName('Active Purchase Order')).toBe(true);
    expect(isDefaultCartName('Purchase Order for Garcia')).toBe(false);
    expect(defaultCartName(3)).toBe('Purchase Order 3');
  });
});
