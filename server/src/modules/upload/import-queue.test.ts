import { describe, expect, it } from 'vitest';
import { createImportQueue, type Admission, type ImportTicket } from './import-queue';

/** A task that records its start and ends when the test says so. */
function gate(log: string[], name: string) {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const task = async () => {
    log.push(`start ${name}`);
    await opened;
    log.push(`end ${name}`);
    return name;
  };
  return { task, open };
}

const ticketOf = (admission: Admission): ImportTicket => {
  if (!admission.admitted) throw new Error(`not admitted: ${admission.reason}`);
  return admission.ticket;
};

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('createImportQueue', () => {
  it('runs one task at a time with one slot, in order, and goes on after a failure', async () => {
    const queue = createImportQueue({ concurrency: 1, perUser: 5, maxAdmitted: 10 });
    const log: string[] = [];
    const task =
      (name: string, fail = false) =>
      async () => {
        log.push(`start ${name}`);
        await new Promise((r) => setTimeout(r, 10));
        log.push(`end ${name}`);
        if (fail) throw new Error(name);
        return name;
      };
    const results = await Promise.allSettled([
      ticketOf(queue.admit(1)).run(task('a')),
      ticketOf(queue.admit(1)).run(task('b', true)),
      ticketOf(queue.admit(1)).run(task('c')),
    ]);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });

  it('serves users round-robin: a second user does not wait behind the first user’s queued files', async () => {
    const queue = createImportQueue({ concurrency: 1, perUser: 3, maxAdmitted: 10 });
    const log: string[] = [];
    const a = [gate(log, 'a1'), gate(log, 'a2'), gate(log, 'a3')];
    const b = gate(log, 'b1');
    const runs = a.map((g) => ticketOf(queue.admit('A')).run(g.task));
    await tick();
    runs.push(ticketOf(queue.admit('B')).run(b.task));
    await tick();
    expect(log).toEqual(['start a1']);
    a[0]!.open();
    await tick();
    expect(log).toEqual(['start a1', 'end a1', 'start b1']);
    b.open();
    a[1]!.open();
    a[2]!.open();
    await Promise.all(runs);
    expect(log.filter((l) => l.startsWith('start'))).toEqual([
      'start a1',
      'start b1',
      'start a2',
      'start a3',
    ]);
  });

  it('runs at most one import per user, and other users’ imports beside it up to the concurrency', async () => {
    const queue = createImportQueue({ concurrency: 2, perUser: 3, maxAdmitted: 10 });
    const log: string[] = [];
    const a1 = gate(log, 'a1');
    const a2 = gate(log, 'a2');
    const b1 = gate(log, 'b1');
    const c1 = gate(log, 'c1');
    const runs = [a1, a2].map((g) => ticketOf(queue.admit('A')).run(g.task));
    runs.push(ticketOf(queue.admit('B')).run(b1.task), ticketOf(queue.admit('C')).run(c1.task));
    await tick();
    expect(log).toEqual(['start a1', 'start b1']);
    b1.open();
    await tick();
    expect(log.at(-1)).toBe('start c1'); // C has not had a turn yet, A has
    for (const g of [a1, a2, c1]) g.open();
    await Promise.all(runs);
    expect(log.filter((l) => l.startsWith('start'))).toEqual([
      'start a1',
      'start b1',
      'start c1',
      'start a2',
    ]);
  });

  it('refuses a user’s upload beyond the per-user limit and a full queue, and admits again after release', async () => {
    const queue = createImportQueue({ concurrency: 1, perUser: 2, maxAdmitted: 3 });
    const first = ticketOf(queue.admit('A'));
    const second = ticketOf(queue.admit('A'));
    expect(queue.admit('A')).toEqual({ admitted: false, reason: 'user-limit' });
    ticketOf(queue.admit('B'));
    expect(queue.admit('C')).toEqual({ admitted: false, reason: 'queue-full' });
    second.release();
    second.release(); // idempotent: frees one place only
    ticketOf(queue.admit('C'));
    expect(queue.admit('D')).toEqual({ admitted: false, reason: 'queue-full' });
    await first.run(async () => undefined);
    ticketOf(queue.admit('A'));
  });
});
