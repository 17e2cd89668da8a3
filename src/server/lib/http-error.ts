/** A failure with a status the client should see; the error handler turns it into `{ message }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 408 | 409 | 413 | 415 | 422 | 429 | 503,
    message: string,
    readonly errors?: { path: string; message: string }[],
    /** More of the answer's body beside `message` (e.g. the 409 of changed prices, docs/decisions/0206). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = (message = 'Not found') => new HttpError(404, message);
export const forbidden = (message = "You don't have permission to do that") => new HttpError(403, message);
export const badRequest = (message: string, errors?: { path: string; message: string }[]) =>
  new HttpError(400, message, errors);
