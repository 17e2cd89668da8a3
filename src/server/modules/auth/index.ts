/** The auth module's public entry: other modules, jobs and app.ts import only this file. */
export { authRoutes } from './routes';
export { createAuthService, createSessionReads, type AuthService } from './service';
export { KNOWN_ADDRESS_DAYS, THROTTLE_WINDOW_MINUTES } from './login-throttle';
export { HashGate } from './hash-gate';
export { activityReportLimit, type RateVerdict } from './account-rate';
