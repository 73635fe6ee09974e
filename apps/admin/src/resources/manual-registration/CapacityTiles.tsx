import { useId, useState, type ReactNode } from 'react';
import type { AdminRegistration, WaitingEntry, Session } from '@evreg/contracts';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  CircularProgress,
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
import { statusLabel, isActive } from '../registrations/rules';
import { splitRegistrations, tileFigures } from './rules';

type Which = 'reserved' | 'queue' | 'all';

interface Loaded<T> {
  /** undefined while loading or when not allowed. */
  data?: T[];
  /** The text shown instead of the list (no permission, or the load failed). */
  problem?: string | null;
}

/** docs/product.md §2: three clickable tiles of the chosen session (reserved spots, waiting list, all registrations), each
 * opening its list in a modal. */
export function CapacityTiles({
  session,
  registrations,
  queue,
  onOpenWaitingList,
}: {
  session: Session;
  registrations: Loaded<AdminRegistration>;
  queue: Loaded<WaitingEntry>;
  /** The queue is read only when its list is opened. */
  onOpenWaitingList: () => void;
}) {
  const [open, setOpen] = useState<Which | null>(null);
  const figures = tileFigures(session, registrations.data);
  const close = () => setOpen(null);

  return (
    <>
      <Box
        component="ul"
        aria-label="Ocupación de la sesión"
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: 'repeat(3, 1fr)' }, listStyle: 'none', p: 0, m: 0 }}
      >
        <Tile
          label="Plazas reservadas"
          value={figures.reserved}
          hint="usadas / total"
          onClick={() => setOpen('reserved')}
        />
        <Tile
          label="Lista de espera"
          value={figures.queue}
          hint="en espera / máximo"
          onClick={() => {
            onOpenWaitingList();
            setOpen('queue');
          }}
        />
        <Tile
          label="Total registros"
          value={figures.total}
          hint={figures.detail ?? 'registrados / capacidad'}
          onClick={() => setOpen('all')}
        />
      </Box>

      {open === 'reserved' && (
        <ListDialog title="Registros en plazas reservadas" onClose={close} loaded={registrations}>
          {(rows: AdminRegistration[]) => (
            <PeopleTable
              rows={rows.filter((r) => r.usesReservedSpot)}
              columns={RESERVED_COLUMNS}
              empty="No hay registros en plazas reservadas"
            />
          )}
        </ListDialog>
      )}
      {open === 'queue' && (
        <ListDialog title="Lista de espera" onClose={close} loaded={queue}>
          {(rows: WaitingEntry[]) => (
            <PeopleTable rows={rows} columns={QUEUE_COLUMNS} empty="No hay nadie en la lista de espera" />
          )}
        </ListDialog>
      )}
      {open === 'all' && (
        <ListDialog title="Todos los registros" onClose={close} loaded={registrations}>
          {(rows: AdminRegistration[]) => <AllRegistrations rows={rows} />}
        </ListDialog>
      )}
    </>
  );
}

function Tile({ label, value, hint, onClick }: { label: string; value: string; hint: string; onClick: () => void }) {
  return (
    <Card component="li" variant="outlined">
      <CardActionArea onClick={onClick} aria-haspopup="dialog" sx={{ height: '100%' }}>
        <CardContent>
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
            {value}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {hint}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

function ListDialog<T>({
  title,
  onClose,
  loaded,
  children,
}: {
  title: string;
  onClose: () => void;
  loaded: Loaded<T>;
  children: (rows: T[]) => ReactNode;
}) {
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {loaded.problem ? (
          <Alert severity="warning">{loaded.problem}</Alert>
        ) : loaded.data ? (
          children(loaded.data)
        ) : (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
            <CircularProgress aria-label="Cargando" />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cerrar</Button>
      </DialogActions>
    </Dialog>
  );
}

const name = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

function Empty({ text }: { text: string }) {
  return (
    <Typography color="text.secondary" sx={{ py: 2 }}>
      {text}
    </Typography>
  );
}

interface Column<T> {
  label: string;
  render: (row: T) => ReactNode;
}

/** A small table of people; its empty text when there is nobody. */
function PeopleTable<T extends { id: number }>({
  rows,
  columns,
  empty,
}: {
  rows: T[];
  columns: Column<T>[];
  empty: string;
}) {
  if (!rows.length) return <Empty text={empty} />;
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          {columns.map((c) => (
            <TableCell key={c.label}>{c.label}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            {columns.map((c) => (
              <TableCell key={c.label} sx={{ overflowWrap: 'anywhere' }}>
                {c.render(row)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

const RESERVED_COLUMNS: Column<AdminRegistration>[] = [
  { label: 'Nombre', render: name },
  { label: 'Email', render: (r) => r.email },
  { label: 'DNI/NIE', render: (r) => r.userTaxId },
  {
    label: 'Estado',
    render: (r) => (
      <Chip size="small" label={statusLabel(r.status)} color={isActive(r.status) ? 'success' : 'default'} />
    ),
  },
];

const QUEUE_COLUMNS: Column<WaitingEntry>[] = [
  { label: 'Posición', render: (q) => q.queuePosition },
  { label: 'Nombre', render: name },
  { label: 'Email', render: (q) => q.email },
  { label: 'DNI/NIE', render: (q) => q.userTaxId },
  { label: 'Estado', render: () => <Chip size="small" label="En espera" color="warning" variant="outlined" /> },
];

function AllRegistrations({ rows }: { rows: AdminRegistration[] }) {
  if (!rows.length) return <Empty text="No hay registros para esta sesión" />;
  const { active, cancelled } = splitRegistrations(rows);
  return (
    <>
      <Typography component="h3" variant="subtitle2" sx={{ mt: 1 }}>
        Activos ({active.length})
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {active.map(({ registration: r, badge }) => (
          <PersonLine
            key={r.id}
            person={r}
            badge={<Chip size="small" label={badge} color={badge === 'RESERVADO' ? 'secondary' : 'success'} />}
          />
        ))}
      </Box>
      <Typography component="h3" variant="subtitle2" sx={{ mt: 2 }}>
        Cancelados ({cancelled.length})
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {cancelled.map((r) => (
          <PersonLine key={r.id} person={r} struck badge={<Chip size="small" label="CANCELADO" />} />
        ))}
      </Box>
    </>
  );
}

function PersonLine({
  person,
  badge,
  struck = false,
}: {
  person: AdminRegistration;
  badge: ReactNode;
  struck?: boolean;
}) {
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        py: 0.75,
        borderBottom: 1,
        borderColor: 'divider',
        flexWrap: 'wrap',
      }}
    >
      <Box component={struck ? 'del' : 'span'} sx={{ flex: 1, color: struck ? 'text.secondary' : 'text.primary' }}>
        {name(person)} · {person.email} · {person.userTaxId}
      </Box>
      {badge}
    </Box>
  );
}
