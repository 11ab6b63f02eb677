// The simple HTML part of a mail, made from its plain text: escaped, one paragraph per block, links
// clickable. Nothing of a name or address is ever interpreted as markup.
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

export function mailHtml(text: string): string {
  const paragraphs = text.split(/\n{2,}/).map((block) => {
    const lines = block.split('\n').map((line) => {
      const escaped = escapeHtml(line);
      return /^https?:\/\/\S+$/.test(line) ? `<a href="${escaped}">${escaped}</a>` : escaped;
    });
    return `<p>${lines.join('<br>')}</p>`;
  });
  return `<!doctype html><html lang="de"><body style="font-family: sans-serif">${paragraphs.join('')}</body></html>`;
}

/**
 * A header value on one line: line breaks and other control characters become spaces. Stored names
 * cannot hold them any more (requiredTextRule), but rows from before that rule still may.
 */
export function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex -- removing control characters is this function's job
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
}
