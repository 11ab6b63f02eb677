/**
 * Hands a mailto: link to the user's mail program. A link click (rather than assigning
 * window.location) leaves the page alone in every browser, and tests can observe it.
 */
export function openMailDraft(href: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
