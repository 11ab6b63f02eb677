// The benches' HTTP client for timed requests: node:http over kept-alive connections, the answer read
// whole and decompressed synchronously, as a browser's network stack does outside the page's thread.
// Node's fetch (undici) spent 1.5–2 ms of its own per list page on this machine (its stream
// decompression and promise machinery), more than the server's whole time for a small page, so a
// column meant to show the API's overhead over its SQL showed the client's (docs/performance.md,
// "API/SQL"). The SQL beside it is sent through pg, the leanest client of its protocol; this is the
// HTTP counterpart.
import http from 'node:http';
import zlib from 'node:zlib';

/** Idle connections are unreferenced by the agent, so they never keep a bench process alive. */
const agent = new http.Agent({ keepAlive: true });

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body, decompressed. */
  text: string;
}

export interface HttpRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export function httpRequest(
  url: string,
  { method = 'GET', headers = {}, body }: HttpRequest = {},
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        try {
          const raw = Buffer.concat(chunks);
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text: decode(raw, response.headers['content-encoding']).toString('utf8'),
          });
        } catch (error) {
          reject(error as Error);
        }
      });
    });
    request.on('error', reject);
    request.end(body);
  });
}

function decode(raw: Buffer, encoding: string | undefined): Buffer {
  switch (encoding) {
    case undefined:
    case 'identity':
      return raw;
    case 'br':
      return zlib.brotliDecompressSync(raw);
    case 'gzip':
      return zlib.gunzipSync(raw);
    case 'deflate':
      return zlib.inflateSync(raw);
    default:
      throw new Error(`unexpected content-encoding ${encoding}`);
  }
}
