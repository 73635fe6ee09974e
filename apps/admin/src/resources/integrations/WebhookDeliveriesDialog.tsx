import type { Webhook, WebhookDelivery } from '@evreg/contracts';
import { Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { DataTable, ListBase, useListContext } from 'react-admin';
import { formatDateTime } from '../../common/format';
import { ListError } from '../../common/ListStates';
import { PrevNextPagination } from '../../common/PrevNextPagination';
import { deliveryStatusLabel, eventLabel } from './rules';

/** Outlined chips: the warning colour would not be readable on white (WCAG contrast). */
const STATUS_COLOR = { Delivered: 'success', Failed: 'error', Pending: 'default' } as const;

/** 'Envíos': a webhook's deliveries, newest first, as the API pages them (resource `webhook-deliveries` with
 * `webhookId`, 20 per page): event type, status, attempts, the last try's HTTP status and reason (the API's own
 * words: never the receiver's answer), and dates. */
export function WebhookDeliveriesDialog({ webhook, onClose }: { webhook: Webhook; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} aria-labelledby="webhook-deliveries-title" maxWidth="lg" fullWidth>
      <DialogTitle id="webhook-deliveries-title">Envíos del webhook</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2, wordBreak: 'break-all' }}>
          {webhook.url}
        </Typography>
        <ListBase<WebhookDelivery>
          resource="webhook-deliveries"
          filter={{ webhookId: webhook.id }}
          perPage={20}
          sort={{ field: 'id', order: 'DESC' }}
          disableSyncWithLocation
        >
          <DeliveryTable />
        </ListBase>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cerrar</Button>
      </DialogActions>
    </Dialog>
  );
}

function DeliveryTable() {
  const { error } = useListContext<WebhookDelivery>();
  if (error) return <ListError text="Error al cargar los envíos del webhook" />;
  return (
    <>
      <Box sx={{ overflowX: 'auto', contain: 'inline-size' }}>
        <DataTable<WebhookDelivery>
          rowClick={false}
          bulkActionButtons={false}
          empty={
            <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
              Todavía no hay envíos
            </Typography>
          }
        >
          <DataTable.Col<WebhookDelivery>
            label="Evento"
            disableSort
            render={(delivery) => eventLabel(delivery.eventType)}
          />
          <DataTable.Col<WebhookDelivery>
            label="Estado"
            disableSort
            render={(delivery) => (
              <Chip
                size="small"
                variant="outlined"
                color={STATUS_COLOR[delivery.status] ?? 'default'}
                label={deliveryStatusLabel(delivery.status)}
              />
            )}
          />
          <DataTable.Col<WebhookDelivery> label="Intentos" disableSort render={(delivery) => delivery.attempts} />
          <DataTable.Col<WebhookDelivery>
            label="Código HTTP"
            disableSort
            render={(delivery) => delivery.lastStatusCode ?? '—'}
          />
          <DataTable.Col<WebhookDelivery>
            label="Motivo"
            disableSort
            render={(delivery) => (
              <Typography variant="body2" sx={{ maxWidth: 320, wordBreak: 'break-word' }}>
                {delivery.lastError ?? '—'}
              </Typography>
            )}
          />
          <DataTable.Col<WebhookDelivery>
            label="Creado"
            disableSort
            render={(delivery) => formatDateTime(delivery.createdAt)}
          />
          <DataTable.Col<WebhookDelivery>
            label="Entrega"
            disableSort
            render={(delivery) =>
              delivery.deliveredAt
                ? formatDateTime(delivery.deliveredAt)
                : delivery.nextAttemptAt
                  ? `Próximo intento: ${formatDateTime(delivery.nextAttemptAt)}`
                  : '—'
            }
          />
        </DataTable>
      </Box>
      <PrevNextPagination noun="envíos" />
    </>
  );
}
