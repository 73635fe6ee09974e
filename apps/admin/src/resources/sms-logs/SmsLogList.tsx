import { useState } from 'react';
import type { SmsLogEntry, SmsTotalCost } from '@evreg/contracts';
import DeleteIcon from '@mui/icons-material/Delete';
import EuroIcon from '@mui/icons-material/Euro';
import { Box, Chip, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { DataTable, List, SearchInput, useDelete, useGetOne, useNotify } from 'react-admin';
import { Confirmation } from '../../common/Confirmation';
import { formatDateTime } from '../../common/format';
import { ListEmpty, ListError, ListLoading } from '../../common/ListStates';
import { DeleteAllToolbar, LogError } from '../../common/LogParts';
import { PrevNextPagination } from '../../common/PrevNextPagination';
import { RowAction } from '../../common/ResourceList';
import { useActions } from '../../common/useActions';
import { SettingsCard } from '../settings/SettingsCard';
import { formatCost, SMS_LOG_PAGE_SIZE, SMS_STATUS_COLORS, smsStatusLabel } from './rules';

const SEARCH = 'Buscar por teléfono, mensaje o remitente';
const LOAD_ERROR = 'Error al cargar el registro de SMS. Por favor, intenta de nuevo.';
const DELETE_ALL =
  '¿Eliminar todo el registro de SMS? Los SMS pendientes ya no se enviarán. Esta acción no se puede deshacer.';

/** /admin/sms-logs (Settings.Read): the total cost card and the SMS log, newest first, 50 a page with
 * 'Página n' (docs/product.md §2, 4, 9); delete one or all with Settings.Delete. */
export default function SmsLogList() {
  const { can } = useActions('sms-logs');
  const deleted = ({ deletedCount }: { deletedCount: number }) =>
    deletedCount === 1 ? '1 SMS eliminado del registro' : `${deletedCount} SMS eliminados del registro`;
  return (
    <Box sx={{ display: 'grid', gap: 2, pt: 2 }}>
      <TotalCostCard />
      <List
        resource="sms-logs"
        title="Registro SMS"
        filters={[
          <SearchInput
            key="q"
            source="q"
            alwaysOn
            placeholder={SEARCH}
            inputProps={{ 'aria-label': SEARCH }}
            sx={{ minWidth: 400 }}
          />,
        ]}
        actions={can('delete') ? <DeleteAllToolbar question={DELETE_ALL} done={deleted} /> : false}
        pagination={<PrevNextPagination noun="SMS" />}
        perPage={SMS_LOG_PAGE_SIZE}
        empty={false}
        exporter={false}
        error={<ListError text={LOAD_ERROR} />}
        disableSyncWithLocation
        sx={{ '& .RaList-content': { overflowX: 'auto', contain: 'inline-size' }, '& .RaList-main': { mt: 0 } }}
      >
        <ListLoading />
        <SmsLogTable canDelete={can('delete')} />
      </List>
    </Box>
  );
}

/** The estimated cost of every SMS sent (spec: the note says it is indicative): the `sms-logs` record
 * 'total-cost', so it is read again with the log (a delete, 'Eliminar Todos', react-admin's refresh). */
function TotalCostCard() {
  const { data, isError } = useGetOne<SmsTotalCost & { id: string }>('sms-logs', { id: 'total-cost' });
  return (
    <SettingsCard
      icon={<EuroIcon color="primary" />}
      title="Coste total de SMS"
      subheader="Coste estimado de los SMS enviados (0,10 € por SMS)"
    >
      <Typography component="p" variant="h4" sx={{ fontWeight: 600 }} data-testid="sms-total-cost">
        {isError ? 'No disponible' : data ? formatCost(data.totalCost) : '…'}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Importe orientativo calculado por el sistema: la factura de Netelip es la que cuenta. Los SMS fallidos no se
        cobran.
      </Typography>
    </SettingsCard>
  );
}

function SmsLogTable({ canDelete }: { canDelete: boolean }) {
  const [remove] = useDelete<SmsLogEntry>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<SmsLogEntry | null>(null);
  return (
    <>
      <DataTable<SmsLogEntry>
        rowClick={false}
        bulkActionButtons={false}
        empty={<ListEmpty none="No hay SMS registrados" notFound="No se encontraron SMS" />}
      >
        <DataTable.Col<SmsLogEntry>
          label="Fecha"
          disableSort
          render={(sms) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(sms.createdAt)}</Box>}
        />
        <DataTable.Col<SmsLogEntry>
          label="Teléfono"
          disableSort
          render={(sms) => <Box sx={{ whiteSpace: 'nowrap' }}>{sms.phoneNumber}</Box>}
        />
        <DataTable.Col<SmsLogEntry>
          label="Mensaje"
          disableSort
          render={(sms) => (
            <Box sx={{ maxWidth: 360, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{sms.message}</Box>
          )}
        />
        <DataTable.Col<SmsLogEntry>
          label="Estado"
          disableSort
          render={(sms) => {
            const status = smsStatusLabel(sms.status);
            return <Chip label={status} size="small" color={SMS_STATUS_COLORS[status]} />;
          }}
        />
        <DataTable.Col<SmsLogEntry>
          label="Coste"
          disableSort
          render={(sms) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatCost(sms.cost)}</Box>}
        />
        <DataTable.Col<SmsLogEntry> label="Enviado por" disableSort render={(sms) => sms.sentBy} />
        <DataTable.Col<SmsLogEntry>
          label="Error"
          disableSort
          render={(sms) => <LogError text={sms.errorMessage} maxWidth={280} />}
        />
        <DataTable.Col<SmsLogEntry>
          label="Acciones"
          disableSort
          render={(sms) =>
            canDelete ? (
              <RowAction
                title="Eliminar"
                label={`Eliminar el SMS a ${sms.phoneNumber} del ${formatDateTime(sms.createdAt)}`}
                icon={<DeleteIcon fontSize="small" />}
                onClick={() => setDeleting(sms)}
                danger
              />
            ) : null
          }
        />
      </DataTable>
      {deleting && (
        <Confirmation
          keepOpen
          question={`¿Eliminar el SMS a ${deleting.phoneNumber} del registro?${deleting.status === 'Pending' ? ' Está pendiente: ya no se enviará.' : ''}`}
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            await remove('sms-logs', { id: deleting.id, previousData: deleting }, { returnPromise: true });
            // The cost card (a record of the same resource) follows.
            await queryClient.invalidateQueries({ queryKey: ['sms-logs', 'getOne'] });
            notify('SMS eliminado del registro', { type: 'success' });
          }}
        />
      )}
    </>
  );
}
