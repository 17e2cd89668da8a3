/**
 * A failure the operator causes and can fix (bad configuration, a port in use,
 * a database that refuses us). main.ts prints its message as the only line on
 * stderr and exits 1; the message names the cause and the fix.
 */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}
