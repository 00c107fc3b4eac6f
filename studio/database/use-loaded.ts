/**
 * What a Database view shows while its list loads: the list once it came, the error's words when
 * it did not (an absent postgres-meta is the section notice's to say, once), and a reload for
 * after a change. A newer load wins over an older one still under way (a schema changed twice).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { serviceAbsent } from '../components/service-notice';
import { errorText } from '../http';

export interface Loaded<T> {
  data?: T;
  error: string;
  /** Until the first answer; an absent service ends it too, with neither data nor error. */
  loading: boolean;
  reload: () => Promise<void>;
}

export function useLoaded<T>(load: () => Promise<T>, deps: readonly unknown[]): Loaded<T> {
  const [data, setData] = useState<T>();
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(true);
  const latest = useRef(0);

  const reload = useCallback(async () => {
    const ticket = ++latest.current;
    try {
      const value = await load();
      if (ticket !== latest.current) return;
      setData(value);
      setError('');
      setLoading(false);
    } catch (cause) {
      if (ticket !== latest.current) return;
      setData(undefined);
      setError(serviceAbsent(cause) ? '' : errorText(cause));
      setLoading(false);
    }
    // The caller's deps say when `load` means something else.
  }, deps);

  useEffect(() => {
    setData(undefined);
    setLoading(true);
    void reload();
  }, [reload]);

  return { data, error, loading, reload };
}
