// `COPY … TO STDOUT` read as a stream of bytes, for pg's `client.query` (docs/decisions/0032). It does
// what pg-copy-streams' `to` does, with one difference that matters at a million rows: PostgreSQL
// sends every row as a CopyData message of its own, and pg-copy-streams cuts each one into a Buffer
// view before joining them again (a million short-lived objects per million rows, most of an
// export's garbage collection). This reader moves the rows' bytes to the front of the socket's chunk
// in place, over the messages' headers, and passes on one view per chunk read.
import type { Socket } from 'node:net';
import { Readable } from 'node:stream';
import type { Connection } from 'pg';

/** The backend messages that can arrive while PostgreSQL copies out (protocol-message-formats). */
const CODE = {
  copyOutResponse: 0x48, // H
  copyData: 0x64, // d
  errorResponse: 0x45, // E
  parameterStatus: 0x53, // S
  noticeResponse: 0x4e, // N
  notificationResponse: 0x41, // A
} as const;
/** Any other message ends copy-out mode (CopyDone first of all); those may come in between. */
const INTERSPERSED = new Set<number>([
  CODE.copyOutResponse,
  CODE.copyData,
  CODE.parameterStatus,
  CODE.noticeResponse,
  CODE.notificationResponse,
]);
/** A message's header: its code and its length (which counts itself, not the code). */
const HEADER_BYTES = 5;

type DataHandler = (chunk: Buffer) => void;

/**
 * The bytes of `text`'s COPY (`COPY … TO STDOUT`), as a Readable: pass it to `client.query`. Ends
 * when PostgreSQL has sent them all; emits `error` with PostgreSQL's error when the statement fails.
 */
export function copyToStdout(text: string): CopyToStdout {
  return new CopyToStdout(text);
}

export class CopyToStdout extends Readable {
  /** Rows copied, from PostgreSQL's CommandComplete ("COPY n"), once the stream has ended. */
  rowCount = 0;
  private socket: Socket | undefined;
  /** pg's handler of the socket's data, set aside while this stream reads the socket itself. */
  private pgHandler: DataHandler | undefined;
  /** The current message's header while it is incomplete (split between two chunks). */
  private readonly header = Buffer.alloc(HEADER_BYTES);
  private headerLength = 0;
  /** Bytes of another message's body still to come, to be skipped. */
  private skipping = 0;
  /** A row split between two chunks, and how much of it has arrived. */
  private carry: Buffer | undefined;
  private carried = 0;
  /** Whether the reader downstream wants more. */
  private wanted = false;
  private reading = false;
  private readonly onReadable = () => this.forward();

  constructor(readonly text: string) {
    super();
  }

  /** Called by pg when the statement's turn comes: takes the socket over, then sends the statement. */
  submit(connection: Connection): void {
    // The socket under pg's connection, which pg's typings leave out.
    const socket = (connection as unknown as { stream: Socket }).stream;
    const handlers = socket.listeners('data') as DataHandler[];
    if (handlers.length !== 1)
      throw new Error(`pg's connection has ${handlers.length} data handlers, not one`);
    this.socket = socket;
    this.pgHandler = handlers[0]!;
    socket.removeListener('data', this.pgHandler);
    socket.pause();
    socket.on('readable', this.onReadable);
    connection.query(this.text);
  }

  override _read(): void {
    this.wanted = true;
    this.forward();
  }

  /** Reads the socket's chunks for as long as the reader downstream wants more. */
  private forward(): void {
    if (this.reading || !this.wanted || !this.socket) return;
    this.reading = true;
    let chunk: Buffer | null;
    while (this.wanted && this.socket && (chunk = this.socket.read() as Buffer | null) !== null)
      this.wanted = this.parse(chunk);
    this.reading = false;
  }

  /**
   * Moves the rows of `chunk` to its front and passes them on, each one whole (a row split between
   * two chunks is passed on by itself once complete). Gives the socket back to pg at the message that
   * ends copy-out mode. Returns whether the reader downstream wants more.
   */
  private parse(chunk: Buffer): boolean {
    let wanted = true;
    let at = 0;
    let written = 0;
    while (at < chunk.length) {
      if (this.carry) {
        const n = Math.min(this.carry.length - this.carried, chunk.length - at);
        chunk.copy(this.carry, this.carried, at, at + n);
        this.carried += n;
        at += n;
        if (this.carried < this.carry.length) break;
        wanted = this.push(this.carry);
        this.carry = undefined;
        continue;
      }
      if (this.skipping > 0) {
        const n = Math.min(this.skipping, chunk.length - at);
        this.skipping -= n;
        at += n;
        continue;
      }
      // A message begins: CopyDone or ErrorResponse end copy-out mode, pg reads them.
      if (this.headerLength === 0 && !INTERSPERSED.has(chunk[at]!))
        return this.end(chunk, written, at, wanted);
      let code: number;
      let bodyLength: number;
      if (this.headerLength === 0 && chunk.length - at >= HEADER_BYTES) {
        code = chunk[at]!;
        bodyLength = chunk.readUInt32BE(at + 1) - 4;
        at += HEADER_BYTES;
      } else {
        // A header split between two chunks.
        const n = Math.min(HEADER_BYTES - this.headerLength, chunk.length - at);
        chunk.copy(this.header, this.headerLength, at, at + n);
        this.headerLength += n;
        at += n;
        if (this.headerLength < HEADER_BYTES) break;
        this.headerLength = 0;
        code = this.header[0]!;
        bodyLength = this.header.readUInt32BE(1) - 4;
      }
      if (code !== CODE.copyData) this.skipping = bodyLength;
      else if (chunk.length - at >= bodyLength) {
        if (written !== at) chunk.copyWithin(written, at, at + bodyLength);
        written += bodyLength;
        at += bodyLength;
      } else {
        this.carry = Buffer.allocUnsafe(bodyLength);
        this.carried = 0;
      }
    }
    return written > 0 ? this.push(chunk.subarray(0, written)) : wanted;
  }

  /**
   * Passes on the rows before `at` and gives the socket back to pg at `at`, where CopyDone or
   * ErrorResponse begins (pg reads the latter and hands it to handleError).
   */
  private end(chunk: Buffer, written: number, at: number, wanted: boolean): boolean {
    if (written > 0) wanted = this.push(chunk.subarray(0, written));
    const ended = chunk[at] !== CODE.errorResponse;
    this.giveBack(chunk.subarray(at));
    if (ended) this.push(null);
    return wanted;
  }

  /** Hands the socket, and `rest` of what was read from it, back to pg. */
  private giveBack(rest: Buffer): void {
    const socket = this.socket!;
    const pgHandler = this.pgHandler!;
    this.socket = undefined;
    this.pgHandler = undefined;
    socket.removeListener('readable', this.onReadable);
    socket.on('data', pgHandler);
    if (rest.length > 0) pgHandler(rest);
    // Adding a data handler resumes the socket only in the next turn once it was read by hand; pg's
    // handler may also have paused it meanwhile.
    process.nextTick(() => socket.resume());
  }

  /** pg: the statement failed (PostgreSQL's ErrorResponse, or the connection is lost or closed). */
  handleError(error: Error): void {
    if (this.socket) this.giveBack(Buffer.alloc(0));
    this.destroy(error);
  }

  /** pg: "COPY n". */
  handleCommandComplete(message: { text?: string }): void {
    const match = /^COPY (\d+)/.exec(message.text ?? '');
    if (match) this.rowCount = Number(match[1]);
  }

  /** pg: the connection is ready for the next statement. */
  handleReadyForQuery(): void {}
}
