import type { ErrorBody } from '@common/contracts/common';

type FieldError = NonNullable<ErrorBody['errors']>[number];

/** Any non-OK response becomes an error whose message is "status: message-or-statusText". */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly statusText: string;
  /** The parsed JSON body, or the text body when it was not JSON. */
  readonly body: unknown;
  /** The server's own `message` field, for showing to people without the status prefix. */
  readonly serverMessage: string | undefined;
  /** Per-field validation errors (docs/architecture.md, API conventions), if any. */
  readonly fieldErrors: readonly FieldError[];

  constructor(status: number, statusText: string, body: unknown) {
    const serverMessage = readMessage(body);
    super(`${status}: ${serverMessage ?? (statusText || 'Request failed')}`);
    this.status = status;
    this.statusText = statusText;
    this.body = body;
    this.serverMessage = serverMessage;
    this.fieldErrors = readFieldErrors(body);
  }
}

function readMessage(body: unknown): string | undefined {
  if (typeof body === 'string') return body.trim() || undefined;
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
    return body.message;
  }
  return undefined;
}

function readFieldErrors(body: unknown): FieldError[] {
  if (!body || typeof body !== 'object' || !('errors' in body) || !Array.isArray(body.errors)) return [];
  return body.errors.filter(
    (e): e is FieldError => typeof e?.path === 'string' && typeof e?.message === 'string',
  );
}

/** JSON when the server says so (and it parses), else the text; nothing for an empty body. */
export function parseBody(text: string, contentType: string): unknown {
  if (!text) return undefined;
  if (contentType.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/** The ApiError of a non-OK answer, its body read from a copy so the answer itself stays unread. */
export async function apiErrorOf(response: Response): Promise<ApiError> {
  const text = response.status === 204 || response.status === 205 ? '' : await response.clone().text();
  return new ApiError(response.status, response.statusText, parseBody(text, response.headers.get('content-type') ?? ''));
}

/**
 * A read that has not answered in this long has failed. Every page's query then ends in
 * its error state with Retry instead of a loading bar that never finishes (ADR 0192). Writes are
 * not limited: their outcome must not be guessed.
 */
export const READ_TIMEOUT_MS = 20_000;
export const READ_TIMEOUT_MESSAGE = 'The server took too long to answer. Please try again.';

/** A timed-out read is an ordinary failure ("status: message"), so the page shows its error state. */
export const readTimeoutError = () => new ApiError(408, 'Request Timeout', { message: READ_TIMEOUT_MESSAGE });

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * The sentence to show a person: the server's message when it sent one, else the
 * caller's fallback (each error has its own fallback wording).
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (isApiError(error)) return error.serverMessage ?? fallback;
  return fallback;
}
