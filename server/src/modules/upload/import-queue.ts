// Schedules the imports of uploaded files. Each holds a parsed file and its bookings in memory (tens of
// MB at the limits), so at most `concurrency` run at once. The waiting ones are served round-robin
// across users, one import per user at a time: a supplier's three large files do not hold back another
// supplier's one-row file, which runs as soon as a slot is free. A user has at most `perUser` uploads
// admitted (receiving, waiting or running) and the whole queue at most `maxAdmitted`; beyond that an
// upload is refused at once (429), before its body is read.

export interface ImportQueueOptions {
  /** Imports running at once, across all users. */
  concurrency: number;
  /** Uploads of one user admitted at once (one of them runs, the others wait). */
  perUser: number;
  /** Uploads admitted at once across all users (each may buffer a whole file). */
  maxAdmitted: number;
}

export type Admission =
  { admitted: true; ticket: ImportTicket } | { admitted: false; reason: 'user-limit' | 'queue-full' };

export interface ImportTicket {
  /** Waits for this user's turn and a free slot, runs the task, then gives the place back. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Gives the place back without running (the upload failed before its import). Idempotent. */
  release(): void;
}

export interface ImportQueue {
  admit(user: number | string): Admission;
}

interface UserState {
  admitted: number;
  running: boolean;
  waiting: (() => void)[];
  /** When this user's last import started (a sequence number); 0: not yet. */
  lastStart: number;
}

export function createImportQueue({ concurrency, perUser, maxAdmitted }: ImportQueueOptions): ImportQueue {
  const users = new Map<number | string, UserState>();
  /** Users with waiting imports, in the order they started waiting. */
  const turns: (number | string)[] = [];
  let admitted = 0;
  let running = 0;
  let starts = 0;

  /** The next turn: of the users not running an import, the one served longest ago. */
  const nextUser = (): number => {
    let best = -1;
    turns.forEach((key, index) => {
      const state = users.get(key)!;
      if (state.running) return;
      if (best < 0 || state.lastStart < users.get(turns[best]!)!.lastStart) best = index;
    });
    return best;
  };

  const dispatch = () => {
    while (running < concurrency) {
      const index = nextUser();
      if (index < 0) return;
      const key = turns[index]!;
      const state = users.get(key)!;
      const start = state.waiting.shift()!;
      if (state.waiting.length === 0) turns.splice(index, 1);
      state.running = true;
      state.lastStart = ++starts;
      running++;
      start();
    }
  };

  return {
    admit(user) {
      const state = users.get(user) ?? { admitted: 0, running: false, waiting: [], lastStart: 0 };
      if (state.admitted >= perUser) return { admitted: false, reason: 'user-limit' };
      if (admitted >= maxAdmitted) return { admitted: false, reason: 'queue-full' };
      users.set(user, state);
      state.admitted++;
      admitted++;

      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        state.admitted--;
        admitted--;
        if (state.admitted === 0) users.delete(user);
      };
      const ticket: ImportTicket = {
        release,
        async run(task) {
          if (released) throw new Error('import ticket already released');
          await new Promise<void>((resolve) => {
            state.waiting.push(resolve);
            if (!turns.includes(user)) turns.push(user);
            dispatch();
          });
          try {
            return await task();
          } finally {
            state.running = false;
            running--;
            release();
            dispatch();
          }
        },
      };
      return { admitted: true, ticket };
    },
  };
}
