/**
 * A module loaded the first time it is needed and shared after that (ADR 0151).
 * The sign-in page must not download zod and the contracts before it paints: the code that
 * checks a form or parses an answer asks for them when it runs. On signed-in pages the
 * server preloads the same chunks in the HTML (route-preloads), so the import is instant.
 */
export function loadOnUse<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((error: unknown) => {
      // A failed download (network drop) is retried on the next use, not cached.
      pending = undefined;
      throw error;
    });
    return pending;
  };
}
