import RefreshIcon from '@mui/icons-material/Refresh';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { OUTBOX_CHANNEL_LABELS, type ServiceCheck, type SystemStatus } from '@evreg/contracts';
import { useGetOne } from 'react-admin';
import { backlogChip, checkChip } from './rules';

const time = (iso: string) => new Date(iso).toLocaleTimeString('es-ES', { timeZone: 'Europe/Madrid' });

function CheckRow({ name, check }: { name: string; check: ServiceCheck }) {
  const chip = checkChip(check);
  return (
    <TableRow data-testid={`status-${name}`}>
      <TableCell component="th" scope="row">
        {name}
      </TableCell>
      <TableCell>
        <Chip size="small" color={chip.color} label={chip.label} />
      </TableCell>
      <TableCell>{check.detail ?? ''}</TableCell>
    </TableRow>
  );
}

/** 'Estado del sistema' (Settings.Read): one card with each service as a green, amber or red chip with its text, the
 * messages waiting per channel, and the version. The API reuses its answer a few seconds; 'Comprobar de nuevo'
 * asks again. */
export default function SystemStatusPage() {
  const { data, isPending, error, refetch, isFetching } = useGetOne<SystemStatus & { id: string }>('system', {
    id: 'status',
  });
  return (
    <Card sx={{ mt: 2 }}>
      <CardHeader
        avatar={<MonitorHeartIcon color="primary" />}
        title="Estado del sistema"
        subheader={
          data
            ? `Comprobado a las ${time(data.checkedAt)} · versión ${data.version.version}` +
              (data.version.commit ? ` (${data.version.commit.slice(0, 7)})` : '')
            : 'Servicios de los que depende la aplicación'
        }
        action={
          <Button startIcon={<RefreshIcon />} onClick={() => void refetch()} disabled={isFetching}>
            Comprobar de nuevo
          </Button>
        }
      />
      <CardContent>
        {isPending ? (
          <Skeleton variant="rounded" height={240} />
        ) : error || !data ? (
          <Alert severity="error">No se pudo comprobar el estado del sistema. Intenta recargar la página.</Alert>
        ) : (
          <Stack spacing={3}>
            <Table size="small" aria-label="Servicios">
              <TableHead>
                <TableRow>
                  <TableCell>Servicio</TableCell>
                  <TableCell>Estado</TableCell>
                  <TableCell>Detalle</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                <CheckRow
                  name={data.database.mode === 'embedded' ? 'Base de datos (embebida)' : 'Base de datos (PostgreSQL)'}
                  check={data.database}
                />
                <CheckRow name="Redis (cola de trabajos)" check={data.redis} />
                <CheckRow name="Servidor SMTP" check={data.smtp} />
                <CheckRow name="SMS (Netelip)" check={data.sms} />
              </TableBody>
            </Table>
            <div>
              <Typography variant="subtitle2" component="h2" gutterBottom>
                Mensajes por enviar
              </Typography>
              <Table size="small" aria-label="Mensajes por enviar">
                <TableHead>
                  <TableRow>
                    <TableCell>Canal</TableCell>
                    <TableCell>Pendientes</TableCell>
                    <TableCell>Último barrido (esta instancia)</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.outbox.map((backlog) => {
                    const chip = backlogChip(backlog);
                    return (
                      <TableRow key={backlog.channel} data-testid={`outbox-${backlog.channel}`}>
                        <TableCell component="th" scope="row">
                          {OUTBOX_CHANNEL_LABELS[backlog.channel]}
                        </TableCell>
                        <TableCell>
                          <Chip size="small" color={chip.color} label={chip.label} />
                        </TableCell>
                        <TableCell>{backlog.lastSweepAt ? time(backlog.lastSweepAt) : 'Aún no'}</TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </div>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
