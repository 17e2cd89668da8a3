/** The users module's public entry: other modules, jobs and app.ts import only this file. */
export { userRoutes } from './routes';
export { USERS_SHEET_LIMITS } from './import-file';
export { createUsersService, type UsersService } from './service';
export { createEmailChanges, type EmailChanges } from './email-change';
export { emailChangeRoutes } from './email-change-routes';
export { liveAdmins, liveEmailAddresses, userContacts, userNames, userStoreAddresses } from './user-views';
