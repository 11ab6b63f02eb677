// The `export` audit entries of one export (decision 0033): the ids of the bookings its file delivers
// are kept while it streams and written at its end, before the commit, sorted, in audit_export_entries
// rows of consecutive ids, the bookings it marked (a first export) apart from the others. Sorted rows
// span narrow ranges of ids, which the GiST index of migration 0033 finds a booking's rows by; written
// as they came (the list's order), every row of a large export spanned nearly all ids.
import { sql, type SQL } from 'drizzle-orm';

/** Ids appended into a growing Int32Array: a million ids take 4 MB, not a million array slots. */
class IdList {
  private ids = new Int32Array(1024);
  length = 0;

  add(id: number): void {
    if (this.length === this.ids.length) {
      const grown = new Int32Array(this.ids.length * 2);
      grown.set(this.ids);
      this.ids = grown;
    }
    this.ids[this.length] = id;
    this.length += 1;
  }

  sorted(): Int32Array {
    return this.ids.subarray(0, this.length).sort();
  }
}

export class ExportAudit {
  private readonly marked = new IdList();
  private readonly again = new IdList();

  /**
   * `rowIds`: how many ids an audit row holds at most; `userEmailAddress` and `batchId`: who exported,
   * in which export batch.
   */
  constructor(
    private readonly userEmailAddress: string,
    private readonly batchId: number,
    private readonly rowIds: number,
  ) {}

  /** Bookings the export delivers and marked: their first export. */
  addMarked(ids: Iterable<number>): void {
    for (const id of ids) this.marked.add(id);
  }

  /** Bookings the export delivers that were exported before (by another export or earlier). */
  addExportedBefore(ids: Iterable<number>): void {
    for (const id of ids) this.again.add(id);
  }

  /**
   * The statements that write the entries, one per row, each made when it is asked for: a row's
   * statement holds its ids (160 kB for 20,000), and all of a million ids' at once raised the server's
   * peak RSS by ~20 MB (decision 0033).
   */
  *statements(): Generator<SQL> {
    yield* this.rows(this.marked.sorted(), true);
    yield* this.rows(this.again.sorted(), false);
  }

  private *rows(ids: Int32Array, firstExport: boolean): Generator<SQL> {
    for (let from = 0; from < ids.length; from += this.rowIds) {
      const array = binaryIntArray(ids.subarray(from, from + this.rowIds));
      yield sql`insert into audit_export_entries
        (user_email_address, export_batch_id, first_export, transaction_ids)
        values (${this.userEmailAddress}, ${this.batchId}::int, ${firstExport}, ${array}::int[])`;
    }
  }
}

/**
 * `ids` as PostgreSQL's binary `int4[]` (array_recv: dimensions, flags, element type, length and
 * lower bound, then each element's length and value, big-endian), which pg sends as it is (a Buffer
 * parameter goes in binary format). As text, 20,000 ids made ~20,000 strings and a 140 kB one per
 * row, and the server's peak RSS rose by ~10 MB over an export of a million (decision 0033).
 */
export function binaryIntArray(ids: Int32Array): Buffer {
  const INT4_OID = 23;
  const buffer = Buffer.allocUnsafe(20 + 8 * ids.length);
  buffer.writeInt32BE(1, 0); // one dimension
  buffer.writeInt32BE(0, 4); // no nulls
  buffer.writeInt32BE(INT4_OID, 8);
  buffer.writeInt32BE(ids.length, 12);
  buffer.writeInt32BE(1, 16); // lower bound
  for (let i = 0; i < ids.length; i += 1) {
    buffer.writeInt32BE(4, 20 + 8 * i);
    buffer.writeInt32BE(ids[i]!, 24 + 8 * i);
  }
  return buffer;
}
