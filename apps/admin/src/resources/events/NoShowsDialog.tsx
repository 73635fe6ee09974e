import { useId, useState } from 'react';
import type { NoShow, Session } from '@evreg/contracts';
import BlockIcon from '@mui/icons-material/Block';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { ListBase, useListContext, useNotify, useUnselectAll } from 'react-admin';
import { Confirmation } from '../../common/Confirmation';
import { ListError } from '../../common/ListStates';
import { useCommand } from '../../common/useCommand';
import { noShowsQuestion } from './attendanceRules';
import { sessionName } from './eventsScreen';

type NoShowRow = NoShow & { id: number };

/** 'No presentados' of a session that has ended: its active registrations never checked in at the door. Some or
 * all go to the blacklist in one action, reason 'No se presentó' (0) with the blacklist dialog's defaults (30 days,
 * e-mail); those already on it are skipped, and the result says how many. */
export function NoShowsDialog({ session, onClose }: { session: Session; onClose: () => void }) {
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>No presentados · {sessionName(session)}</DialogTitle>
      <ListBase<NoShowRow>
        resource="no-shows"
        filter={{ sessionId: session.id }}
        perPage={1000}
        sort={{ field: 'lastName', order: 'ASC' }}
        disableSyncWithLocation
      >
        <NoShowsContent session={session} onClose={onClose} />
      </ListBase>
    </Dialog>
  );
}

function NoShowsContent({ session, onClose }: { session: Session; onClose: () => void }) {
  const { data, error, selectedIds, isPending, onSelect, onToggleItem } = useListContext<NoShowRow>();
  const [asking, setAsking] = useState<number[] | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const command = useCommand();
  const notify = useNotify();
  const unselectAll = useUnselectAll('no-shows');
  const rows = data ?? [];
  const eligible = rows.filter((r) => !r.alreadyBlacklisted);

  return (
    <>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Inscripciones activas que no pasaron por la puerta.
          {!isPending && ` ${rows.length} en total, ${rows.length - eligible.length} ya en la lista negra.`}
        </Typography>
        {result && (
          <Alert severity="success" role="status" sx={{ mb: 2 }}>
            {result}
          </Alert>
        )}
        {error ? (
          <ListError text={error.message || 'Error al cargar los no presentados'} />
        ) : !isPending && rows.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
            Todas las personas inscritas asistieron
          </Typography>
        ) : (
          // A plain table on the list's own selection (react-admin's row checkboxes carry no accessible name).
          <Box sx={{ overflowX: 'auto', contain: 'inline-size' }}>
            <Table size="small" aria-label="No presentados">
              <TableHead>
                <TableRow>
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={eligible.length > 0 && selectedIds.length === eligible.length}
                      indeterminate={selectedIds.length > 0 && selectedIds.length < eligible.length}
                      disabled={!eligible.length}
                      onChange={(e) => onSelect(e.target.checked ? eligible.map((r) => r.id) : [])}
                      slotProps={{ input: { 'aria-label': 'Seleccionar a todos' } }}
                    />
                  </TableCell>
                  <TableCell>Nombre</TableCell>
                  <TableCell>Email</TableCell>
                  <TableCell>Teléfono</TableCell>
                  <TableCell>Lista negra</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((r) => (
                  <TableRow key={r.id} selected={selectedIds.includes(r.id)}>
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={selectedIds.includes(r.id)}
                        disabled={r.alreadyBlacklisted}
                        onChange={() => onToggleItem(r.id)}
                        slotProps={{ input: { 'aria-label': `Seleccionar a ${r.firstName} ${r.lastName}` } }}
                      />
                    </TableCell>
                    <TableCell>
                      {r.firstName} {r.lastName}
                    </TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{r.email}</TableCell>
                    <TableCell>{r.telephoneNumber || '-'}</TableCell>
                    <TableCell>
                      {r.alreadyBlacklisted ? (
                        <Chip size="small" variant="outlined" label="Ya en la lista negra" />
                      ) : (
                        'No'
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="outlined"
          color="error"
          startIcon={<BlockIcon />}
          onClick={() => setAsking(selectedIds.map(Number))}
          disabled={!selectedIds.length}
        >
          Añadir seleccionados ({selectedIds.length})
        </Button>
        <Button onClick={() => setAsking(eligible.map((r) => r.id))} disabled={!eligible.length} color="error">
          Añadir todos a la lista negra
        </Button>
        <Button variant="contained" onClick={onClose}>
          Cerrar
        </Button>
      </DialogActions>
      {asking && (
        <Confirmation
          kind="action"
          title="Añadir a la lista negra"
          question={noShowsQuestion(asking.length)}
          confirmLabel="Añadir"
          danger
          onClose={() => setAsking(null)}
          onError={(e) => notify((e as Error).message, { type: 'error' })}
          onConfirm={async () => {
            const all = asking.length === eligible.length;
            const answer = await command(
              (p) => p.blacklistNoShows(session.id, all ? { all: true } : { registrationIds: asking }),
              ['no-shows', 'blacklist'],
            );
            unselectAll();
            setResult(answer.message);
          }}
        />
      )}
    </>
  );
}
