/** The users module's public entry: other modules, jobs and app.ts import only this file. */
export { userRoutes } from './routes';
export { createUsersService, type UsersService } from './service';
export { liveAdmins, userNames, userStoreAddresses } from './user-views';
