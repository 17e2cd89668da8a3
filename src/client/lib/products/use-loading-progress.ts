import { useEffect, useState } from 'react';

export const LOADING_STEP = 10;
export const LOADING_INTERVAL_MS = 200;

/** Loading bar: advances by 10 every 200 ms up to 100 while loading; 100 when done. */
export function useLoadingProgress(loading: boolean): number {
  const [progress, setProgress] = useState(0);
  useEffect(() => {
    if (!loading) return;
    const timer = setInterval(() => setProgress((p) => Math.min(100, p + LOADING_STEP)), LOADING_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [loading]);
  return loading ? progress : 100;
}
