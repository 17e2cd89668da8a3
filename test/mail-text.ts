/** A message's text as written: quoted-printable soft breaks joined and escapes decoded. */
export function decodedText(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The email-change link's token in a delivered message (docs/decisions/0203). */
export function confirmToken(raw: string): string {
  const match = /\/confirm-email\?token=([A-Za-z0-9_-]+)/.exec(decodedText(raw));
  if (!match) throw new Error('no confirmation link in the message');
  return match[1]!;
}
