import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { serverNow } from '../clock';
import { splitTag, t } from '../i18n';
import { announcement, clock, secondsLeft } from '../logic/countdown';

/** m:ss until expiresAt on the server's clock (clock.ts), ticking every second (rounded up); calls onExpire once
 * at zero. The visible timer is
 * silent for screen readers (role timer, aria-live off); a polite live region speaks only at whole minutes,
 * 30 s, 10 s and zero. */
export function Countdown({ expiresAt, onExpire }: { expiresAt: string; onExpire: () => void }) {
  const [left, setLeft] = useState(() => secondsLeft(expiresAt, serverNow()));
  const [spoken, setSpoken] = useState('');
  const fired = useRef(false);
  const expire = useRef(onExpire);
  // The latest callback, without restarting the timer when the parent re-renders.
  useLayoutEffect(() => {
    expire.current = onExpire;
  });

  useEffect(() => {
    fired.current = false;
    const tick = () => {
      const s = secondsLeft(expiresAt, serverNow());
      setLeft(s);
      const say = announcement(s);
      if (say) setSpoken(say);
      if (s === 0 && !fired.current) {
        fired.current = true;
        expire.current();
      }
      return s;
    };
    if (tick() === 0) return;
    const id = window.setInterval(() => {
      if (tick() === 0) window.clearInterval(id);
    }, 1000);
    return () => window.clearInterval(id);
  }, [expiresAt]);

  const text = clock(left);
  const label = t('countdown.label', { time: text });
  const [before, time, after] = splitTag(label, 'strong');
  return (
    <div className="countdown">
      <p role="timer" aria-live="off" aria-label={before + time + after}>
        {before}
        <strong>{time}</strong>
        {after}
      </p>
      <p className="sr-only" aria-live="polite">
        {spoken}
      </p>
    </div>
  );
}
