import { useState } from 'react';
import type { Webhook, WebhookDelivery } from '@evreg/contracts';
import { Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { DataTable, ListBase, useListContext, useNotify, useUpdate } from 'react-admin';
import { Confirmation } from '../../common/Confirmation';
import { formatDateTime } from '../../common/format';
import { errorText } from '../../common/notifyError';
import { useActions } from '../../common/useActions';
import { ListError } from '../../common/ListStates';
import { PrevNextPagination } from '../../common/PrevNextPagination';
import { clickKey, deliveryStatusLabel, eventLabel } from './rules';

/** Outlined chips: the warning colour would not be readable on white (WCAG contrast). */
const STATUS_COLOR = { Delivered: 'success', Failed: 'error', Pending: 'default' } as const;

/** 'Envíos': a webhook's deliveries, newest first, as the API pages them (resource `webhook-deliveries` with
 * `webhookId`, 20 per page): event type, status, attempts, the last try's HTTP status and reason (the API's own
 * words: never the receiver's answer), every try (time, status, reason), dates, and 'Reenviar' (confirmed, once per
 * click) with Settings.Update. */
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
          <DeliveryTable webhook={webhook} />
        </ListBase>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cerrar</Button>
      </DialogActions>
    </Dialog>
  );
}

function DeliveryTable({ webhook }: { webhook: Webhook }) {
  const { error } = useListContext<WebhookDelivery>();
  const { can } = useActions('integrations');
  const [update] = useUpdate<WebhookDelivery & { webhookId?: Webhook['id']; requestKey?: string }>();
  const notify = useNotify();
  // The delivery to send again, with the key of this confirmation: a double click on 'Reenviar' sends it once.
  const [asking, setAsking] = useState<{ delivery: WebhookDelivery; requestKey: string } | null>(null);
  const redeliver = ({ delivery, requestKey }: { delivery: WebhookDelivery; requestKey: string }) =>
    update(
      'webhook-deliveries',
      { id: delivery.id, data: { webhookId: webhook.id, requestKey }, previousData: delivery },
      { returnPromise: true },
    ).then(() => notify('Envío pendiente de nuevo: se envía en unos segundos', { type: 'info' }));
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
            label="Intentos hechos"
            disableSort
            render={(delivery) =>
              delivery.history.length ? (
                <Box component="ol" sx={{ m: 0, pl: 2.5, minWidth: 220 }}>
                  {delivery.history.map((attempt, i) => (
                    <Typography component="li" variant="body2" key={i}>
                      {formatDateTime(attempt.at)} · {attempt.statusCode ?? 'sin respuesta'}
                      {attempt.error ? ` · ${attempt.error}` : ''}
                    </Typography>
                  ))}
                </Box>
              ) : (
                '—'
              )
            }
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
          {can('redeliver') && (
            <DataTable.Col<WebhookDelivery>
              label="Acciones"
              disableSort
              render={(delivery) => (
                <Button
                  size="small"
                  aria-label={`Reenviar el envío ${delivery.id}`}
                  onClick={() => setAsking({ delivery, requestKey: clickKey() })}
                >
                  Reenviar
                </Button>
              )}
            />
          )}
        </DataTable>
      </Box>
      <PrevNextPagination noun="envíos" />
      {asking && (
        <Confirmation
          kind="action"
          title="Reenviar envío"
          question={`¿Reenviar el evento «${eventLabel(asking.delivery.eventType)}» a ${webhook.url}? El receptor lo recibe otra vez con el mismo id y la misma firma.`}
          confirmLabel="Reenviar"
          onConfirm={() => redeliver(asking)}
          onClose={() => setAsking(null)}
          onError={(e) => notify(errorText(e, 'Error al reenviar el envío'), { type: 'error' })}
        />
      )}
    </>
  );
}
