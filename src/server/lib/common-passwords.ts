import { PASSWORD_MESSAGES } from '@common/domain/password-rules';
import { HttpError } from './http-error';

/**
 * ASVS 6.2.4: a new password must not be one of the most common ones. The list is
 * zxcvbn-ts's "passwords-common" (about 49,000 passwords from breach corpora, maintained with
 * the package), compared case-insensitively: `Password1` and `Welcome1` are `password1` and
 * `welcome1` with the capital letter the spec asks for.
 *
 * Server only: the list is ~380 KB, too much for the sign-in page of a phone (ADR 0150), so
 * the forms show the server's field error instead of checking it themselves. Loaded at the
 * first check, not at start-up (ADR 0151).
 */
let common: Promise<ReadonlySet<string>> | undefined;

function commonPasswords(): Promise<ReadonlySet<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common']));
  return common;
}

export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.normalize('NFKC').toLowerCase());
}

/** Refuses a common new password with the field error the forms place under `path`. */
export async function refuseCommonPassword(password: string, path: string): Promise<void> {
  if (await isCommonPassword(password)) {
    throw new HttpError(400, PASSWORD_MESSAGES.tooCommon, [{ path, message: PASSWORD_MESSAGES.tooCommon }]);
  }
}
