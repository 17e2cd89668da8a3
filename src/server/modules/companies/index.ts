/** The companies module's public entry (docs/decisions/0229, 0230): other modules and app.ts import only this file. */
export {
  companyStatusForOrdering,
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
export { placeNewDealer, type DealerPlacement } from './placement';
export { cartsFollowCompany, ensureCompanyAdmin } from './repository';
export { companyRoutes } from './routes';
export { createCompaniesService, type CompaniesService, type DealerAccounts } from './service';
export { createRepAssignmentsService, type RepAssignmentsService } from './reps';
export { repAssignmentRoutes } from './reps-routes';
export { createRepsImport } from './reps-import';
