import { describe, expect, it } from 'vitest';
import { formatShipTo, formatStoreAddress, isPhoneNumber, profileShipTo } from './ship-to';

const store = {
  username: 'rita',
  firstName: 'Rita',
  lastName: 'Journey',
  phone: '714-555-0100',
  storeName: 'Journey Tile',
  storeAddress: '17 Technology Dr',
  storeCity: 'Irvine',
  storeState: 'CA',
  storeZip: '92618',
  storeContactName: null,
  storePhone: null,
};

describe('ship-to (docs/decisions/0210)', () => {
  it.each([
    ['714-555-0100', true],
    ['(714) 555-0100 x12', true],
    ['+1 714 555 0100', true],
    ['555-0100', false],
    ['714-555-0100 x', false],
    ['call me', false],
    ['1234567890123456', false],
  ])('reads %s as a phone number: %s', (value, ok) => expect(isPhoneNumber(value)).toBe(ok));

  it('starts from the store, the rep standing in for its contact and phone', () => {
    expect(profileShipTo(store)).toEqual({
      name: 'Journey Tile',
      contactName: 'Rita Journey',
      phone: '714-555-0100',
      street: '17 Technology Dr',
      street2: null,
      city: 'Irvine',
      state: 'CA',
      zip: '92618',
    });
    expect(profileShipTo({ ...store, storeContactName: 'Front desk', storePhone: '949-555-0117' })).toMatchObject({ contactName: 'Front desk', phone: '949-555-0117' });
    expect(profileShipTo({ ...store, firstName: null, lastName: null }).contactName).toBe('');
  });

  it('writes an address as a label reads, leaving out the parts it lacks', () => {
    expect(formatShipTo({ ...profileShipTo(store), street2: 'Suite 200' })).toBe(
      'Journey Tile\nAttn: Rita Journey\n17 Technology Dr\nSuite 200\nIrvine, CA 92618\nPhone: 714-555-0100',
    );
    expect(formatStoreAddress(store)).toBe('Journey Tile\n17 Technology Dr\nIrvine, CA 92618');
    expect(formatStoreAddress({ ...store, storeAddress: null })).toBeNull();
  });
});
