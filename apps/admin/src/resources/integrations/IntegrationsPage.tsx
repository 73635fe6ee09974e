import { Stack } from '@mui/material';
import { ApiTokensCard } from './ApiTokensCard';
import { WebhooksCard } from './WebhooksCard';

/** Integraciones: how machines reach the back office's data. One card per mechanism: the API tokens (programs
 * that call the API) and the webhooks (the API tells programs of booking events). */
export default function IntegrationsPage() {
  return (
    <Stack spacing={3} sx={{ mt: 2 }}>
      <ApiTokensCard />
      <WebhooksCard />
    </Stack>
  );
}
