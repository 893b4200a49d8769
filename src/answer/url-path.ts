/** The path of a page's URL ("/about/release-notes.html"), or null when it is no URL. */
export function pathOf(url: string): string | null {
  try {
    return new URL(url).pathname;
  } catch {
    return null;
  }
}
