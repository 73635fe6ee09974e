import type { CreatedWebhook } from '@evreg/contracts';
import { Alert, DialogContentText } from '@mui/material';
import { ShownOnceDialog } from '../../common/ShownOnceDialog';

/** The new webhook's signing secret, shown once (like an API token): a copy button, the warning, how a receiver
 * checks the signature (docs/domain.md, "Webhooks"), and 'Entendido', after which it is gone. */
export function WebhookCreatedDialog({ webhook, onClose }: { webhook: CreatedWebhook; onClose: () => void }) {
  return (
    <ShownOnceDialog
      id="webhook-created-title"
      title="Webhook creado"
      label="Secreto de firma"
      value={webhook.secret}
      copied={{ done: 'Secreto copiado al portapapeles', failed: 'No se pudo copiar: selecciónalo y cópialo a mano' }}
      onClose={onClose}
    >
      <Alert severity="warning" sx={{ mb: 2 }}>
        Copia ahora el secreto del webhook de <strong>{webhook.url}</strong> y guárdalo en el programa que recibe los
        envíos: no se volverá a mostrar. Si se pierde, crea otro webhook y elimina este.
      </Alert>
      <DialogContentText sx={{ mb: 2 }}>
        Cada envío lleva la cabecera <code>X-Webhook-Signature: sha256=…</code>: el HMAC-SHA256 en hexadecimal del
        cuerpo exacto recibido, calculado con este secreto. El receptor lo calcula de nuevo sobre el cuerpo sin
        procesar, lo compara en tiempo constante y rechaza el envío si no coincide. <code>X-Webhook-Id</code> es el
        mismo en cada reintento: sirve para descartar duplicados. Lleva también las cabeceras de Standard Webhooks (
        <code>webhook-id</code>, <code>webhook-timestamp</code>, <code>webhook-signature</code>), que cualquier
        biblioteca de ese estándar comprueba con este mismo secreto.
      </DialogContentText>
    </ShownOnceDialog>
  );
}
