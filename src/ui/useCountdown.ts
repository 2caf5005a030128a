import { useEffect, useState } from 'react';

/** Seconds left of a wait the chart is timing, for display only (the chart's own delay decides). */
export function useCountdown(totalMs: number, running: boolean): number {
  const [left, setLeft] = useState(Math.ceil(totalMs / 1000));
  useEffect(() => {
    if (!running) return;
    const endsAt = Date.now() + totalMs;
    setLeft(Math.ceil(totalMs / 1000));
    const timer = setInterval(() => setLeft(Math.max(0, Math.ceil((endsAt - Date.now()) / 1000))), 250);
    return () => clearInterval(timer);
  }, [running, totalMs]);
  return left;
}
