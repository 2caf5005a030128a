import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

const THRESHOLD = 64; // px pulled (after damping) that counts as "refresh"
const HEAD = 40; // px the head stays open while refreshing

type Phase = 'idle' | 'pulling' | 'refreshing' | 'done';

/**
 * Pull down at the top of the page to refresh: a touch gesture around `children` that calls
 * `onRefresh` and stays open until it settles. A gesture helper, not a flow: the screen's chart
 * does the refreshing (the promise is "the chart left its refreshing state"), and a visible
 * button offers the same without a gesture. antd-mobile's PullToRefresh would bring its spring and
 * gesture libraries (about 24 KB gzipped) to these routes for the same few lines.
 */
export function PullToRefresh({ onRefresh, children }: { onRefresh: () => Promise<unknown>; children: React.ReactNode }) {
  const { t } = useTranslation();
  const [pull, setPull] = useState(0);
  const [phase, setPhase] = useState<Phase>('idle');
  const startY = useRef<number | null>(null);
  const mounted = useRef(true);
  useEffect(() => () => void (mounted.current = false), []);

  const onTouchStart = (event: React.TouchEvent) => {
    startY.current = phase === 'idle' && window.scrollY <= 0 ? (event.touches[0]?.clientY ?? null) : null;
  };
  const onTouchMove = (event: React.TouchEvent) => {
    if (startY.current === null) return;
    const distance = (event.touches[0]?.clientY ?? startY.current) - startY.current;
    setPull(distance > 0 ? Math.min(THRESHOLD * 1.5, distance / 2) : 0);
    setPhase(distance > 0 ? 'pulling' : 'idle');
  };
  const onTouchEnd = async () => {
    if (startY.current === null) return;
    startY.current = null;
    if (pull < THRESHOLD) {
      setPull(0);
      setPhase('idle');
      return;
    }
    setPull(HEAD);
    setPhase('refreshing');
    try {
      await onRefresh();
    } finally {
      if (mounted.current) {
        setPhase('done');
        setTimeout(() => {
          if (!mounted.current) return;
          setPull(0);
          setPhase('idle');
        }, 500);
      }
    }
  };

  const label = phase === 'refreshing' ? t('walletAssets.refreshing') : phase === 'done' ? t('common.refreshed') : pull >= THRESHOLD ? t('common.releaseToRefresh') : t('common.pullToRefresh');
  return (
    <div onTouchStart={onTouchStart} onTouchMove={onTouchMove} onTouchEnd={onTouchEnd} onTouchCancel={onTouchEnd}>
      <div className="kw-pull-head" style={{ height: pull, transition: phase === 'pulling' ? 'none' : 'height 0.2s' }} aria-hidden={phase === 'idle'}>
        {phase !== 'idle' && <span className="kw-muted-text">{label}</span>}
      </div>
      {children}
    </div>
  );
}
