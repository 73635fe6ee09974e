import { useState } from 'react';
import type { BlacklistEntry } from '@evreg/contracts';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Chip, Stack, Typography } from '@mui/material';
import { DataTable, useDelete, useNotify } from 'react-admin';
import { Confirmation } from '../../common/Confirmation';
import { formatDateTime } from '../../common/format';
import { ListEmpty } from '../../common/ListStates';
import { ResourceList, RowAction } from '../../common/ResourceList';
import { useActions } from '../../common/useActions';
import { BlacklistEdit } from './BlacklistEdit';
import { BlockDialog } from './BlockDialog';
import { entryState, eventDateText, reasonLabel } from './rules';

type Dialog = { kind: 'create' } | { kind: 'edit'; entry: BlacklistEntry } | { kind: 'delete'; entry: BlacklistEntry };

const personName = (e: BlacklistEntry) => `${e.firstName} ${e.lastName}`.trim() || e.email;

/** Lista Negra (docs/product.md §2): the API's pages of 20, a search by e-mail, name or event, the spec's columns, and the
 * buttons the Blacklists.* permissions allow: block a registered person, edit, delete. */
export default function BlacklistList() {
  const { can } = useActions('blacklist');
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [remove] = useDelete<BlacklistEntry>();
  const notify = useNotify();
  const close = () => setDialog(null);
  const now = new Date();

  return (
    <>
      <ResourceList
        resource="blacklist"
        title="Lista Negra"
        searchPlaceholder="Buscar por email, nombre o evento"
        loadError="Error al cargar la lista negra. Por favor, intenta de nuevo."
        paging={{ noun: 'entradas' }}
        create={can('create') ? { label: 'Bloquear Persona', onClick: () => setDialog({ kind: 'create' }) } : undefined}
      >
        <DataTable<BlacklistEntry>
          rowClick={false}
          bulkActionButtons={false}
          empty={<ListEmpty none="No hay entradas en la lista negra" notFound="No se encontraron resultados" />}
        >
          <DataTable.Col<BlacklistEntry>
            label="Usuario"
            disableSort
            render={(e) => (
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {personName(e)}
              </Typography>
            )}
          />
          <DataTable.Col<BlacklistEntry>
            label="Contacto"
            disableSort
            render={(e) => (
              <Box sx={{ overflowWrap: 'anywhere' }}>
                <Typography variant="body2">{e.email}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {e.phoneNumber || 'Sin teléfono'}
                </Typography>
              </Box>
            )}
          />
          <DataTable.Col<BlacklistEntry>
            label="Evento"
            disableSort
            render={(e) => e.eventTitle ?? 'Evento eliminado'}
          />
          <DataTable.Col<BlacklistEntry> label="Fecha del Evento" disableSort render={eventDateText} />
          <DataTable.Col<BlacklistEntry>
            label="Razón"
            disableSort
            render={(e) => (
              <Box>
                <Typography variant="body2">{reasonLabel(e.blackListReason)}</Typography>
                {e.blackListReasonDesc && (
                  <Typography
                    variant="caption"
                    color="text.secondary"
                    sx={{ display: 'block', maxWidth: 240, overflowWrap: 'anywhere' }}
                  >
                    {e.blackListReasonDesc}
                  </Typography>
                )}
              </Box>
            )}
          />
          <DataTable.Col<BlacklistEntry> label="Expira" disableSort render={(e) => formatDateTime(e.expiresAt)} />
          <DataTable.Col<BlacklistEntry>
            label="Estado"
            disableSort
            render={(e) => {
              const state = entryState(e, now);
              return <Chip size="small" label={state} color={state === 'Activo' ? 'error' : 'default'} />;
            }}
          />
          <DataTable.Col<BlacklistEntry>
            label="Acciones"
            disableSort
            render={(e) => (
              <Stack direction="row" spacing={0.5}>
                {can('edit') && (
                  <RowAction
                    title="Editar"
                    label={`Editar la entrada de ${e.email}`}
                    icon={<EditIcon fontSize="small" />}
                    onClick={() => setDialog({ kind: 'edit', entry: e })}
                  />
                )}
                {can('delete') && (
                  <RowAction
                    title="Eliminar"
                    label={`Eliminar la entrada de ${e.email}`}
                    icon={<DeleteIcon fontSize="small" />}
                    onClick={() => setDialog({ kind: 'delete', entry: e })}
                    danger
                  />
                )}
              </Stack>
            )}
          />
        </DataTable>
      </ResourceList>

      {dialog?.kind === 'create' && (
        <BlockDialog
          onClose={close}
          onBlocked={(email) => {
            close();
            notify(`Persona bloqueada: ${email}`, { type: 'success' });
          }}
        />
      )}
      {dialog?.kind === 'edit' && (
        <BlacklistEdit
          entry={dialog.entry}
          onClose={close}
          onSaved={() => {
            close();
            notify('Entrada actualizada', { type: 'success' });
          }}
        />
      )}
      {dialog?.kind === 'delete' && (
        <Confirmation
          question={`¿Eliminar la entrada de ${dialog.entry.email} de la lista negra? Podrá volver a registrarse.`}
          onClose={close}
          onConfirm={async () => {
            await remove('blacklist', { id: dialog.entry.id, previousData: dialog.entry }, { returnPromise: true });
            notify('Entrada eliminada de la lista negra', { type: 'success' });
          }}
        />
      )}
    </>
  );
}
