import { useState } from 'react';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import { Typography } from '@mui/material';
import { Button, TopToolbar, useListContext, useNotify, useResourceContext } from 'react-admin';
import { ALL_RECORDS } from '../providers/resourceMapping';
import { Confirmation } from './Confirmation';
import { useCommand } from './useCommand';

/** A log row's error (the server's answer, often long): small, red, wrapping anywhere. */
export function LogError({ text, maxWidth = 300 }: { text: string | null; maxWidth?: number }) {
  if (!text) return null;
  // The API explains the cause in Spanish and keeps the SMTP/Netelip server's own text after 'Detalle:'.
  const at = text.indexOf('. Detalle: ');
  const [cause, detail] = at < 0 ? [text, null] : [text.slice(0, at + 1), text.slice(at + 2)];
  return (
    <Typography variant="caption" color="error" component="p" sx={{ maxWidth, overflowWrap: 'anywhere', m: 0 }}>
      {cause}
      {detail && (
        <Typography variant="caption" color="text.secondary" component="span" sx={{ display: 'block' }}>
          {detail}
        </Typography>
      )}
    </Typography>
  );
}

/** 'Eliminar Todos' above a log, confirmed first: the resource's `deleteMany` of `ALL_RECORDS`, whose answer
 * (`meta`, the server's count or message) `done` turns into the notification's text. Back to page 1 afterwards,
 * the log's queries read again (also its records, e.g. the SMS cost). */
export function DeleteAllToolbar<A>({ question, done }: { question: string; done: (answer: A) => string }) {
  const notify = useNotify();
  const command = useCommand();
  const resource = useResourceContext()!;
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
        <Confirmation
          keepOpen
          question={question}
          confirmLabel="Eliminar Todos"
          onClose={() => setConfirming(false)}
          onConfirm={async () => {
            const { meta } = await command((p) => p.deleteMany(resource, { ids: [ALL_RECORDS] }), [resource]);
            setPage(1);
            notify(done(meta as A), { type: 'success' });
          }}
        />
      )}
    </TopToolbar>
  );
}
