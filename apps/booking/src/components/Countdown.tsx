import { useEffect, useRef, useState } from 'react';

const remaining = (expiresAt: string) => Math.max(0, Math.ceil((Date.parse(expiresAt) - Date.now()) / 1000));

/** m:ss until expiresAt, ticking every second (rounded up); calls onExpire once at zero. */
export function Countdown({ expiresAt, onExpire }: { expiresAt: string; onExpire: () => void }) {
  const [left, setLeft] = useState(() => remaining(expiresAt));
  const fired = useRef(false);
  const expire = useRef(onExpire);
  expire.current = onExpire;

  useEffect(() => {
    fired.current = false;
    const tick = () => {
      const s = remaining(expiresAt);
      setLeft(s);
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

  const text = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
  return (
    <p className="countdown" role="timer" aria-live="off">
      Plazas reservadas durante <strong>{text}</strong>
    </p>
  );
}
