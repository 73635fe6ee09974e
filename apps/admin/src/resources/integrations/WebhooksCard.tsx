import { useState } from 'react';
import type { CreatedWebhook, Webhook, WebhookDelivery } from '@evreg/contracts';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import HistoryIcon from '@mui/icons-material/History';
import SendIcon from '@mui/icons-material/Send';
import WebhookIcon from '@mui/icons-material/Webhook';
import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import { DataTable, ListBase, useDelete, useListContext, useNotify } from 'react-admin';
import { Confirmation } from '../../common/Confirmation';
import { formatDateTime } from '../../common/format';
import { ListError } from '../../common/ListStates';
import { RowAction } from '../../common/ResourceList';
import { useActions } from '../../common/useActions';
import { SettingsCard } from '../settings/SettingsCard';
import { useTestWebhook } from './useTestWebhook';
import { WebhookCreatedDialog } from './WebhookCreatedDialog';
import { WebhookDeliveriesDialog } from './WebhookDeliveriesDialog';
import { WebhookForm } from './WebhookForm';
import { eventLabel } from './rules';

type Dialog =
  | { kind: 'create' }
  | { kind: 'created'; webhook: CreatedWebhook }
  | { kind: 'edit' | 'delete' | 'deliveries'; webhook: Webhook };

/** The webhooks (docs/domain.md, "Webhooks"): the list (resource `webhooks`) with each one's deliveries, for
 * Settings.Read; 'Nuevo webhook', 'Probar', edit and delete with Settings.Update. The signing secret is shown once,
 * right after the creation. */
export function WebhooksCard() {
  const { can } = useActions('integrations');
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [remove] = useDelete<Webhook>();
  const notify = useNotify();
  const { test, testing } = useTestWebhook();
  const close = () => setDialog(null);

  const actions: RowActions = {
    deliveries: (webhook) => setDialog({ kind: 'deliveries', webhook }),
    ...(can('test') && { test, testing }),
    ...(can('edit') && { edit: (webhook: Webhook) => setDialog({ kind: 'edit', webhook }) }),
    ...(can('delete') && { remove: (webhook: Webhook) => setDialog({ kind: 'delete', webhook }) }),
  };

  return (
    <SettingsCard
      icon={<WebhookIcon color="primary" />}
      title="Webhooks"
      subheader="Avisan a otros programas de las inscripciones y las sesiones: cada evento se envía por POST, firmado con el secreto del webhook, a las URL suscritas a su tipo."
    >
      {can('create') && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ kind: 'create' })}>
            Nuevo webhook
          </Button>
        </Box>
      )}
      <ListBase<Webhook>
        resource="webhooks"
        perPage={1000}
        sort={{ field: 'id', order: 'ASC' }}
        disableSyncWithLocation
      >
        <WebhookTable actions={actions} />
      </ListBase>

      {dialog?.kind === 'create' && (
        <WebhookForm onClose={close} onCreated={(webhook) => setDialog({ kind: 'created', webhook })} />
      )}
      {dialog?.kind === 'created' && <WebhookCreatedDialog webhook={dialog.webhook} onClose={close} />}
      {dialog?.kind === 'edit' && <WebhookForm webhook={dialog.webhook} onClose={close} onCreated={close} />}
      {dialog?.kind === 'deliveries' && <WebhookDeliveriesDialog webhook={dialog.webhook} onClose={close} />}
      {dialog?.kind === 'delete' && (
        <Confirmation
          question={`¿Eliminar el webhook ${dialog.webhook.url}? Se eliminan también sus envíos y los pendientes ya no se enviarán. Esta acción no se puede deshacer.`}
          onClose={close}
          onConfirm={async () => {
            await remove('webhooks', { id: dialog.webhook.id, previousData: dialog.webhook }, { returnPromise: true });
            notify('Webhook eliminado', { type: 'success' });
          }}
        />
      )}
    </SettingsCard>
  );
}

/** The row buttons the user may use: the deliveries always; the others with Settings.Update. */
interface RowActions {
  deliveries: (webhook: Webhook) => void;
  test?: (webhook: Webhook) => Promise<WebhookDelivery | undefined>;
  testing?: Webhook['id'] | null;
  edit?: (webhook: Webhook) => void;
  remove?: (webhook: Webhook) => void;
}

function WebhookTable({ actions }: { actions: RowActions }) {
  const { error } = useListContext<Webhook>();
  if (error) return <ListError text="Error al cargar los webhooks" />;
  return (
    <Box sx={{ overflowX: 'auto', contain: 'inline-size' }}>
      <DataTable<Webhook>
        rowClick={false}
        bulkActionButtons={false}
        empty={
          <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
            No hay webhooks
          </Typography>
        }
      >
        <DataTable.Col<Webhook>
          label="URL"
          source="url"
          render={(webhook) => (
            <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: 'break-all', maxWidth: 360 }}>
              {webhook.url}
            </Typography>
          )}
        />
        <DataTable.Col<Webhook>
          label="Eventos"
          disableSort
          render={(webhook) => (
            <Stack spacing={0.25}>
              {webhook.events.map((type) => (
                <Typography key={type} variant="body2">
                  {eventLabel(type)}
                </Typography>
              ))}
            </Stack>
          )}
        />
        <DataTable.Col<Webhook>
          label="Estado"
          source="isActive"
          render={(webhook) =>
            webhook.isActive ? (
              <Chip size="small" color="success" variant="outlined" label="Activo" />
            ) : (
              <Chip size="small" variant="outlined" label="Inactivo" />
            )
          }
        />
        <DataTable.Col<Webhook>
          label="Creado"
          source="createdAt"
          render={(webhook) => formatDateTime(webhook.createdAt)}
        />
        <DataTable.Col<Webhook>
          label="Acciones"
          disableSort
          render={(webhook) => (
            <Stack direction="row" spacing={0.5}>
              <RowAction
                title="Envíos"
                label={`Envíos de ${webhook.url}`}
                icon={<HistoryIcon fontSize="small" />}
                onClick={() => actions.deliveries(webhook)}
              />
              {actions.test && (
                <Button
                  size="small"
                  startIcon={<SendIcon fontSize="small" />}
                  aria-label={`Probar ${webhook.url}`}
                  disabled={actions.testing === webhook.id}
                  onClick={() => actions.test?.(webhook)}
                >
                  {actions.testing === webhook.id ? 'Probando…' : 'Probar'}
                </Button>
              )}
              {actions.edit && (
                <RowAction
                  title="Editar"
                  label={`Editar ${webhook.url}`}
                  icon={<EditIcon fontSize="small" />}
                  onClick={() => actions.edit?.(webhook)}
                />
              )}
              {actions.remove && (
                <RowAction
                  title="Eliminar"
                  label={`Eliminar ${webhook.url}`}
                  icon={<DeleteIcon fontSize="small" />}
                  onClick={() => actions.remove?.(webhook)}
                  danger
                />
              )}
            </Stack>
          )}
        />
      </DataTable>
    </Box>
  );
}
