// Runs at most `concurrency` imports at once: each holds a parsed file and its bookings in memory
// (tens of MB at the limits), so a burst of uploads waits instead of exhausting the process.
export interface ImportQueue {
  run<T>(task: () => Promise<T>): Promise<T>;
}

export function createImportQueue(concurrency: number): ImportQueue {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async run(task) {
      if (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
      running++;
      try {
        return await task();
      } finally {
        running--;
        waiting.shift()?.();
      }
    },
  };
}
