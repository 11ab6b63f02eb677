// Slow clients for the security and durability suites: raw sockets that trickle headers or a body,
// or open and say nothing, and a healthy client from another loopback address beside them.
import net from 'node:net';

export interface Trickle {
  socket: net.Socket;
  /** Resolves with what the server sent and how long the connection lived, once it is closed. */
  closed: Promise<{ received: string; ms: number }>;
  stop: () => void;
}

/** Connects from `localAddress` and writes `first`, then `each` every `everyMs`. */
export function trickle(
  port: number,
  {
    first,
    each = 'x',
    everyMs = 300,
    localAddress = '127.0.0.1',
  }: {
    first: string;
    each?: string;
    everyMs?: number;
    localAddress?: string;
  },
): Trickle {
  const started = Date.now();
  const socket = net.connect({ port, host: '127.0.0.1', localAddress });
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  socket.on('error', () => undefined);
  let timer: NodeJS.Timeout | undefined;
  socket.once('connect', () => {
    if (first) socket.write(first);
    if (each) {
      timer = setInterval(() => {
        if (!socket.destroyed && socket.writable) socket.write(each);
      }, everyMs);
    }
  });
  const closed = new Promise<{ received: string; ms: number }>((resolve) =>
    socket.once('close', () => {
      clearInterval(timer);
      resolve({ received, ms: Date.now() - started });
    }),
  );
  return {
    socket,
    closed,
    stop: () => {
      clearInterval(timer);
      socket.destroy();
    },
  };
}

/** A healthy request from another address (the per-address limit is not this client's). */
export async function healthyRequest(port: number, localAddress = '127.0.0.2'): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress });
    let received = '';
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString();
      const status = /^HTTP\/1\.1 (\d{3})/.exec(received);
      if (status && received.includes('\r\n\r\n')) {
        socket.destroy();
        resolve(Number(status[1]));
      }
    });
    socket.on('error', reject);
    socket.once('connect', () =>
      socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'),
    );
  });
}

export const LOGIN_HEADERS = (length: number) =>
  'POST /api/getsecuretoken HTTP/1.1\r\nHost: localhost\r\n' +
  `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${length}\r\n\r\n`;
