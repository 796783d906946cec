import { useState } from 'react';

/**
 * A screen's "Add" panel and its success notice: the panel's form reports with `done(message)`, which
 * closes it and shows the message (an empty message, a cancel, shows none).
 */
export function useAddPanel() {
  const [adding, setAdding] = useState(false);
  const [status, setStatus] = useState('');
  return {
    adding,
    setAdding,
    status,
    setStatus,
    done: (message: string) => {
      setAdding(false);
      setStatus(message);
    },
  };
}
