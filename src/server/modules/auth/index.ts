/** The auth module's public entry: other modules, jobs and app.ts import only this file. */
export { authRoutes } from './routes';
export { createAuthService, type AuthService } from './service';
export { THROTTLE_WINDOW_MINUTES } from './login-throttle';
