import { useState } from 'react';
import type { EmailLogEntry } from '@evreg/contracts';
import DeleteIcon from '@mui/icons-material/Delete';
import ReplayIcon from '@mui/icons-material/Replay';
import { Box, Chip, Stack } from '@mui/material';
import { DataTable, List, SearchInput, useDelete, useNotify } from 'react-admin';
import { Confirmation } from '../../common/Confirmation';
import { errorText } from '../../common/notifyError';
import { formatDateTime } from '../../common/format';
import { ListEmpty, ListError, ListLoading } from '../../common/ListStates';
import { DeleteAllToolbar, LogError } from '../../common/LogParts';
import { PrevNextPagination } from '../../common/PrevNextPagination';
import { RowAction } from '../../common/ResourceList';
import { useActions } from '../../common/useActions';
import { withReason } from '../../common/withReason';
import { useCommand } from '../../common/useCommand';
import {
  canResend,
  EMAIL_LOG_PAGE_SIZE,
  EMAIL_STATUS_COLORS,
  emailStatusLabel,
  emailTypeLabel,
  eventText,
} from './rules';

const SEARCH = 'Buscar por email, nombre, DNI/NIE o evento';
const DELETE_ALL =
  '¿Eliminar todo el registro de emails? Los emails pendientes ya no se enviarán. Esta acción no se puede deshacer.';

/** /admin/email-logs (EmailLogs.Read): every e-mail the system recorded, newest first, 20 a page, searched by
 * the API (docs/product.md §2, 4, 9). Resend for failed Registration/Promotion e-mails; delete one or all with
 * Settings.Delete. */
export default function EmailLogList() {
  const { can } = useActions('email-logs');
  return (
    <List
      resource="email-logs"
      title="Registro Emails"
      // react-admin waits 500 ms after typing before searching (docs/product.md §9).
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
      actions={
        can('delete') ? (
          <DeleteAllToolbar question={DELETE_ALL} done={(answer: { message: string }) => answer.message} />
        ) : (
          false
        )
      }
      pagination={<PrevNextPagination noun="emails" />}
      perPage={EMAIL_LOG_PAGE_SIZE}
      empty={false}
      exporter={false}
      error={<ListError text="Error al cargar los registros de email" />}
      disableSyncWithLocation
      sx={{ '& .RaList-content': { overflowX: 'auto', contain: 'inline-size' } }}
    >
      <ListLoading />
      <EmailLogTable canDelete={can('delete')} canResendAny={can('resend')} />
    </List>
  );
}

function EmailLogTable({ canDelete, canResendAny }: { canDelete: boolean; canResendAny: boolean }) {
  const [remove] = useDelete<EmailLogEntry>();
  const command = useCommand();
  const notify = useNotify();
  const [deleting, setDeleting] = useState<EmailLogEntry | null>(null);
  const [resending, setResending] = useState<number | null>(null);

  async function resend(entry: EmailLogEntry) {
    setResending(entry.id);
    try {
      const { message } = await command((p) => p.resendEmail(entry.id), ['email-logs']);
      notify(message, { type: 'success' });
    } catch (error) {
      notify(withReason('Error al reenviar el email', errorText(error, '')), { type: 'error' });
    } finally {
      setResending(null);
    }
  }

  return (
    <>
      <DataTable<EmailLogEntry>
        rowClick={false}
        bulkActionButtons={false}
        empty={<ListEmpty none="No hay emails registrados" notFound="No se encontraron emails" />}
      >
        <DataTable.Col<EmailLogEntry>
          label="Fecha"
          disableSort
          render={(entry) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.sentAt ?? entry.createdAt)}</Box>}
        />
        <DataTable.Col<EmailLogEntry>
          label="Email"
          disableSort
          render={(entry) => <Box sx={{ overflowWrap: 'anywhere' }}>{entry.emailAddress}</Box>}
        />
        <DataTable.Col<EmailLogEntry>
          label="Nombre"
          disableSort
          render={(entry) => entry.recipientName || 'No especificado'}
        />
        <DataTable.Col<EmailLogEntry> label="Evento" disableSort render={(entry) => eventText(entry.event) || '-'} />
        <DataTable.Col<EmailLogEntry> label="Tipo" disableSort render={(entry) => emailTypeLabel(entry.emailType)} />
        <DataTable.Col<EmailLogEntry>
          label="Estado"
          disableSort
          render={(entry) => (
            <Chip
              label={emailStatusLabel(entry.status)}
              size="small"
              color={EMAIL_STATUS_COLORS[entry.status] ?? 'default'}
            />
          )}
        />
        <DataTable.Col<EmailLogEntry>
          label="Error"
          disableSort
          render={(entry) => <LogError text={entry.errorMessage} maxWidth={320} />}
        />
        <DataTable.Col<EmailLogEntry>
          label="Acciones"
          disableSort
          render={(entry) => (
            <Stack direction="row" spacing={0.5}>
              {canResendAny && canResend(entry) && (
                <RowAction
                  title={resending === entry.id ? 'Reenviando...' : 'Reenviar'}
                  label={`Reenviar el email a ${entry.emailAddress}`}
                  icon={<ReplayIcon fontSize="small" />}
                  onClick={() => resending === null && resend(entry)}
                />
              )}
              {canDelete && (
                <RowAction
                  title="Eliminar"
                  label={`Eliminar el registro del email a ${entry.emailAddress}`}
                  icon={<DeleteIcon fontSize="small" />}
                  onClick={() => setDeleting(entry)}
                  danger
                />
              )}
            </Stack>
          )}
        />
      </DataTable>
      {deleting && (
        <Confirmation
          keepOpen
          question={`¿Eliminar el registro del email enviado a ${deleting.emailAddress}?${deleting.status === 0 ? ' Está pendiente: ya no se enviará.' : ''}`}
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            await remove('email-logs', { id: deleting.id, previousData: deleting }, { returnPromise: true });
            notify('Registro de email eliminado', { type: 'success' });
          }}
        />
      )}
    </>
  );
}
