import { useState } from 'react';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import { Typography } from '@mui/material';
import { Button, TopToolbar, useListContext, useNotify, useRefresh } from 'react-admin';
import { ConfirmKeepOpen } from './ConfirmKeepOpen';

/** A log row's error (the server's answer, often long): small, red, wrapping anywhere. */
export function LogError({ text, maxWidth = 300 }: { text: string | null; maxWidth?: number }) {
  if (!text) return null;
  return (
    <Typography variant="caption" color="error" component="p" sx={{ maxWidth, overflowWrap: 'anywhere', m: 0 }}>
      {text}
    </Typography>
  );
}

/** 'Eliminar Todos' above a log, confirmed first; `remove` answers the notification's text. Back to page 1
 * afterwards. */
export function DeleteAllToolbar({ question, remove }: { question: string; remove: () => Promise<string> }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const { data, page, setPage } = useListContext();
  const [confirming, setConfirming] = useState(false);
  return (
    <TopToolbar>
      <Button
        label="Eliminar Todos"
        color="error"
        variant="outlined"
        startIcon={<DeleteSweepIcon />}
        disabled={page === 1 && !data?.length}
        onClick={() => setConfirming(true)}
      />
      {confirming && (
        <ConfirmKeepOpen
          question={question}
          confirmLabel="Eliminar Todos"
          onClose={() => setConfirming(false)}
          onConfirm={async () => {
            notify(await remove(), { type: 'success' });
            setPage(1);
            refresh();
          }}
        />
      )}
    </TopToolbar>
  );
}
