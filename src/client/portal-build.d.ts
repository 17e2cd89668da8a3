/** The build's id, set by vite.config.ts (`define`, docs/decisions/0239). */
declare const __PORTAL_BUILD__: string | undefined;
