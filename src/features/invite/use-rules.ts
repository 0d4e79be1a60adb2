import { useDoc } from '../../db/hooks';
import type { Variant } from '../../db/rows-catalogue';
import { INVITE_RULES, type InviteRules } from '../../domain/invite/calculator';
import { INVITE_DOCS } from '../../sync/programme/keys';

/**
 * The invite rules as the server last answered them (invite/get-rules); before the first answer,
 * the club's rules the app was built with (the same source the server pays by).
 */
export function useInviteRules(variant: Variant): InviteRules {
  const doc = useDoc<InviteRules>(variant, INVITE_DOCS.rules);
  return doc?.value ?? INVITE_RULES;
}
