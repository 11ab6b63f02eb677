// File downloads: the name travels in Content-Disposition twice, as a plain ASCII fallback and
// RFC 5987 encoded (filename*), so umlauts survive in every browser.
import type { FastifyReply } from 'fastify';

export const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export function sendFile(reply: FastifyReply, fileName: string, contentType: string, body: string | Buffer) {
  return reply
    .header('content-type', contentType)
    .header('content-disposition', contentDisposition(fileName))
    .send(body);
}
