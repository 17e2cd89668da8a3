/** The companies module's public entry (docs/decisions/0229): other modules and app.ts import only this file. */
export {
  findCompany,
  findLocation,
  locationAddress,
  locationsOf,
  peopleOf,
  saveShipTo,
  type CompanyPerson,
  type CompanyRow,
  type LocationRow,
} from './repository';
