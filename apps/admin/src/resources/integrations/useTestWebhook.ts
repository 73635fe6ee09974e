import { useState } from 'react';
import type { Webhook, WebhookDelivery } from '@evreg/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCreate, useDataProvider, useNotify } from 'react-admin';
import { errorText } from '../../common/notifyError';
import { testOutcome } from './rules';

/** How long 'Probar' waits for the first try of its delivery (the API's timeout is 10 s) and how often it looks. */
const WAIT_MS = 13_000;
const EVERY_MS = 500;

/** 'Probar' (`POST /api/webhooks/{id}/test`, a create of `webhook-deliveries`): records a test delivery, which the
 * API sends at once; then watches its first page of deliveries until it was tried, and notifies the outcome
 * (delivered, or the reason it failed; it is retried). `testing`: the webhook being tried. */
export function useTestWebhook() {
  const [create] = useCreate<WebhookDelivery & { webhookId?: Webhook['id'] }>();
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [testing, setTesting] = useState<Webhook['id'] | null>(null);

  async function tried(webhookId: Webhook['id'], deliveryId: WebhookDelivery['id']) {
    const until = Date.now() + WAIT_MS;
    while (Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, EVERY_MS));
      const { data } = await dataProvider.getList<WebhookDelivery>('webhook-deliveries', {
        filter: { webhookId },
        pagination: { page: 1, perPage: 20 },
        sort: { field: 'id', order: 'DESC' },
      });
      const delivery = data.find((d) => d.id === deliveryId);
      if (!delivery || delivery.status !== 'Pending' || delivery.attempts > 0) return delivery;
    }
    return undefined;
  }

  async function test(webhook: Webhook): Promise<WebhookDelivery | undefined> {
    setTesting(webhook.id);
    try {
      const delivery = await create('webhook-deliveries', { data: { webhookId: webhook.id } }, { returnPromise: true });
      const outcome = testOutcome(delivery ? await tried(webhook.id, delivery.id) : undefined);
      notify(outcome.text, { type: outcome.type });
      return delivery || undefined;
    } catch (error) {
      notify(errorText(error, 'Error al enviar la prueba'), { type: 'error' });
    } finally {
      setTesting(null);
      await queryClient.invalidateQueries({ queryKey: ['webhook-deliveries'] });
    }
  }

  return { test, testing };
}
