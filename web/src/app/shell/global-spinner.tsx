import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { Spinner } from '../../components/ui/spinner';

// Quick answers should not make the page flicker; the spinner appears only for slower work.
const SHOW_AFTER_MS = 250;

/** The shell's spinner: shows while a screen loads or any API request is under way. */
export function GlobalSpinner() {
  const navigating = useNavigation().state !== 'idle';
  const requests = useIsFetching() + useIsMutating();
  const busy = navigating || requests > 0;
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [busy]);

  return <div className="global-spinner">{visible && <Spinner size="small" />}</div>;
}
