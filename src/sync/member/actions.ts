// What the member screens start when the member acts or a page opens: the member calls, the
// pullers they run on demand and the profile writes. Screens load this module on first use
// (`memberActions()` in ./lazy.ts), not with their first paint: it brings the API
// layer and its schemas, and every route must paint within the entry budget.
export {
  confirmEmailChange,
  memberAccounts,
  pullContext,
  startEmailChange,
  veloStoreLink,
  verifyAge,
} from '../auth/member';
export * from '../mutations/member/kinds';
export { refreshContentPage } from '../pullers/content-pages';
export { runPuller } from '../pullers/puller';
export { memberPuller } from '../pullers/session-member';
export { referralsPuller } from '../pullers/session-referrals';
