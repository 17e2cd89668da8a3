import { loadOnUse } from '@client/lib/load-on-use';

/**
 * The auth contracts (and zod with them), loaded when an answer is parsed or a form is
 * checked, so the sign-in page paints without them (ADR 0151).
 */
export const loadAuthContracts = loadOnUse(() => import('@common/contracts/auth'));
