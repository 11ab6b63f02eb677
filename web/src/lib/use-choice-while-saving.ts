import { useState } from 'react';

/**
 * A checkbox or switch that is stored at once shows the user's choice in the same event, while the
 * save is under way: a controlled input would otherwise jump back until the server's answer (or the
 * query cache's batched notification) re-renders it. `settle` hands the display back to the saved
 * value, which a refused save has left as it was.
 */
export function useChoiceWhileSaving<T>(saved: T) {
  const [choice, setChoice] = useState<{ value: T } | null>(null);
  return {
    shown: choice ? choice.value : saved,
    choose: (value: T) => setChoice({ value }),
    settle: () => setChoice(null),
  };
}
