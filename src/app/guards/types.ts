/** What a guard knows about the visit. Built once per navigation by `guardContext()`. */
export interface GuardContext {
  pathname: string;
  /** docs/rules.md#roles: signed in = a `usertoken` cookie. */
  signedIn: boolean;
  /** The person confirmed being 18 or older on /is18 (cookie `showIs18`). */
  is18Confirmed: boolean;
  /** Where the member was before this navigation (for the cart's referrer guard). */
  previousPath: string | null;
  /** Remembers the page the cart was opened from. */
  rememberReferrer(path: string): void;
}

/** A guard passes (null) or names where to go instead. */
export type Guard = (ctx: GuardContext) => string | null;
