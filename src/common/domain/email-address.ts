/**
 * Email addresses as RFC 6531 (SMTPUTF8) and IDNA allow them: letters, marks and digits of any
 * script in the local part and the domain, besides the ASCII of the WHATWG/HTML rule
 * (`zoe@fliesen-müller.example`, `用户@例子.广告`). Still refused: spaces, quotes, a missing or
 * doubled @, empty or dotted-at-the-end parts, a domain without a dot, a label that starts or
 * ends with a hyphen or is longer than 63, a top-level label of digits only, a local part over 64.
 * Quoted local parts and address literals (`user@[192.0.2.1]`) stay refused: nobody types them
 * into a portal, and every mail server we hand an address to accepts the rest (ADR 0182 notes).
 */
const WORD = '[\\p{L}\\p{M}\\p{N}]';
const ATEXT = "[\\p{L}\\p{M}\\p{N}!#$%&'*+/=?^_`{|}~-]";
const LOCAL = `(?=[^@]{1,64}@)${ATEXT}+(?:\\.${ATEXT}+)*`;
const LABEL = `${WORD}(?:[\\p{L}\\p{M}\\p{N}-]{0,61}${WORD})?`;
/** The last label holds a letter: `a@b.123` is a typo, not an address. */
const DOMAIN = `(?:${LABEL}\\.)+(?=[\\p{L}\\p{M}\\p{N}-]*\\p{L})${LABEL}`;

export const EMAIL_PATTERN = new RegExp(`^${LOCAL}@${DOMAIN}$`, 'u');
export const MAX_EMAIL_LENGTH = 254;

export function isEmailAddress(value: string): boolean {
  return value.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(value);
}
