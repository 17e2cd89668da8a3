/** How a person is named on screen: first and last name when known, else the username. */
export function displayName(user: {
  username: string;
  firstName?: string | null;
  lastName?: string | null;
}): string {
  return [user.firstName?.trim(), user.lastName?.trim()].filter(Boolean).join(' ') || user.username;
}
