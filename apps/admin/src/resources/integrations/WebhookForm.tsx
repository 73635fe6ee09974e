import type { CreatedWebhook, Webhook } from '@evreg/contracts';
import { BooleanInput, CheckboxGroupInput, TextInput, useCreate, useNotify, useUpdate } from 'react-admin';
import { FormDialog } from '../../common/FormDialog';
import type { WebhookFormValues } from '../../providers/requests';
import { webhookErrors, webhookEventChoices } from './rules';

/** 'Nuevo webhook' and 'Editar webhook': the URL, the event types (checkboxes in Spanish) and 'Activo'. A create's
 * answer, with the signing secret, goes to the shown-once dialog; an edit keeps the secret. */
export function WebhookForm({
  webhook,
  onClose,
  onCreated,
}: {
  /** The webhook being edited; none for a new one. */
  webhook?: Webhook;
  onClose: () => void;
  onCreated: (webhook: CreatedWebhook) => void;
}) {
  const [create] = useCreate<CreatedWebhook>();
  const [update] = useUpdate<Webhook>();
  const notify = useNotify();

  async function save(values: Record<string, any>) {
    if (!webhook) {
      const created = await create('webhooks', { data: values }, { returnPromise: true });
      if (created) onCreated(created);
      return;
    }
    await update('webhooks', { id: webhook.id, data: values, previousData: webhook }, { returnPromise: true });
    notify('Webhook actualizado', { type: 'success' });
    onClose();
  }

  return (
    <FormDialog
      title={webhook ? 'Editar webhook' : 'Nuevo webhook'}
      submitLabel={webhook ? 'Guardar' : 'Crear webhook'}
      onClose={onClose}
      onSubmit={save}
      validate={(values) => webhookErrors(values as WebhookFormValues)}
      record={webhook ?? { url: '', events: [], isActive: true }}
    >
      <TextInput
        source="url"
        label="URL"
        type="url"
        helperText="La dirección http:// o https:// que recibirá cada evento por POST"
        fullWidth
      />
      <CheckboxGroupInput
        source="events"
        label="Eventos"
        choices={webhookEventChoices}
        row={false}
        helperText="Los tipos de evento que se envían a esta URL"
      />
      <BooleanInput
        source="isActive"
        label="Activo"
        helperText="Inactivo: no se registran envíos nuevos y los pendientes esperan"
      />
    </FormDialog>
  );
}
