/**
 * Lot codes and the other text of a lots or incoming row (docs/decisions/0204): one rule for the
 * upload and the PUT, so `U1` and `U1` followed by a zero-width space can never be two lots that
 * look the same. As usernames (username-rules.ts): NFKC first (full-width "Ｕ１" is "U1"), then
 * spaces trimmed and runs of spaces made one, then refused when anything invisible is left or
 * a character is outside the allow-list.
 */

export const LOT_CODE_MAX_LENGTH = 50;

/** Letters a-z, digits, and . _ - / # ( ) and single spaces inside; a letter or digit first. */
export const LOT_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 ._/#()-]*$/;

export const LOT_CODE_CHARACTERS_MESSAGE = 'Lot may only contain letters A-Z, digits 0-9, spaces and the characters . _ - / # ( ), starting with a letter or digit';

/** Control, format (zero-width, bidi overrides, soft hyphen), line and paragraph separators. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
/** Fillers and variation selectors that render as nothing, by code point (a character class would combine them). */
const BLANK_MARKS = new Set([0x034f, 0x115f, 0x1160, 0x17b4, 0x17b5, 0x180b, 0x180c, 0x180d, 0x180e, 0x180f, 0x3164, 0xffa0]);
const isBlankMark = (point: number) => BLANK_MARKS.has(point) || (point >= 0xfe00 && point <= 0xfe0f);

/** The first invisible character of a text as U+XXXX, or null when there is none. */
export function invisibleCharacterIn(value: string): string | null {
  const match = INVISIBLE.exec(value)?.[0] ?? [...value].find((c) => isBlankMark(c.codePointAt(0)!));
  return match ? `U+${match.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}` : null;
}

/** NFKC, trimmed, inner runs of white space made one space: what any text cell of a lots row is read as. */
export function normaliseLotText(raw: string): string {
  return raw.normalize('NFKC').trim().replace(/[ \t\u00A0]+/g, ' ');
}

export type LotCodeCheck = { ok: true; code: string } | { ok: false; message: string };

/** A lot code as stored, or the sentence why it cannot be one (the caller adds the row or item). */
export function checkLotCode(raw: string, field = 'Lot'): LotCodeCheck {
  const code = normaliseLotText(raw);
  const invisible = invisibleCharacterIn(code);
  if (invisible) return { ok: false, message: `${field} contains an invisible or control character (${invisible}); type the code again without it` };
  if (code.length > LOT_CODE_MAX_LENGTH) return { ok: false, message: `${field} is longer than ${LOT_CODE_MAX_LENGTH} characters` };
  if (!LOT_CODE_PATTERN.test(code)) return { ok: false, message: LOT_CODE_CHARACTERS_MESSAGE.replace(/^Lot/, `${field} "${code}"`) };
  return { ok: true, code };
}
