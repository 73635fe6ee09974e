import { useEffect } from 'react';
import { Alert, type AlertColor } from '@mui/material';

export interface Banner {
  severity: AlertColor;
  text: string;
  /** Success banners vanish after 3 s (5 s for the bulk update): docs/product.md §9. Errors stay. */
  vanishAfterMs?: number;
}

/** A message inside a card; it announces itself (role status or alert) and goes away on its timer. */
export function TimedAlert({ banner, onDone }: { banner: Banner | null; onDone: () => void }) {
  useEffect(() => {
    if (!banner?.vanishAfterMs) return;
    const timer = setTimeout(onDone, banner.vanishAfterMs);
    return () => clearTimeout(timer);
  }, [banner, onDone]);
  if (!banner) return null;
  return (
    <Alert severity={banner.severity} role={banner.severity === 'error' ? 'alert' : 'status'} sx={{ mt: 2 }}>
      {banner.text}
    </Alert>
  );
}
