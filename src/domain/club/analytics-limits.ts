/** docs/rules.md#constants: user-agent strings are cut at 500 characters. */
export const USER_AGENT_MAX_LENGTH = 500;

/**
 * Cuts a user-agent style string (OS name and version, phone brand and model) to at most
 * {@link USER_AGENT_MAX_LENGTH} characters (UTF-16 units, as `String.length` counts them).
 * Leading and trailing spaces are dropped first, and a surrogate pair is never split in half:
 * a cut that would leave half an emoji drops that half.
 */
export function cutUserAgent(value: string): string {
  const trimmed = value.trim();
  if (trimmed.length <= USER_AGENT_MAX_LENGTH) return trimmed;
  const cut = trimmed.slice(0, USER_AGENT_MAX_LENGTH);
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}
