import { loadOnUse } from '@client/lib/load-on-use';

/**
 * The auth contracts (and zod with them), loaded when an answer is parsed or a form is
 * checked, so the sign-in page paints without them (ADR 0151). Every page waits for the user
 * answer, parsed here, before it renders: zod is set up for the browser's CSP first.
 */
export const loadAuthContracts = loadOnUse(async () => {
  const [contracts] = await Promise.all([import('@common/contracts/auth'), import('@client/lib/zod-jitless')]);
  return contracts;
});
