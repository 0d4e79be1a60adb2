/**
 * Opens a link that must be made online when tapped (single-use login links to the brand sites).
 * The tab opens at once, inside the tap, so no pop-up blocker stops it, and is pointed at the
 * link when it arrives; if making it fails the tab closes and the error goes to the caller.
 */
export async function openMadeLink(make: () => Promise<string>): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const url = await make();
    if (tab) {
      tab.opener = null;
      tab.location.replace(url);
    } else window.open(url, '_blank', 'noopener');
  } catch (e) {
    tab?.close();
    throw e;
  }
}
