import { Stack } from '@mui/material';
import { ApiTokensCard } from './ApiTokensCard';

/** Integraciones: how machines reach the back office's data. One card per mechanism: the API tokens now; the
 * webhooks (`/api/webhooks`) go in a second card below, with their own component in this folder. */
export default function IntegrationsPage() {
  return (
    <Stack spacing={3} sx={{ mt: 2 }}>
      <ApiTokensCard />
      {/* <WebhooksCard /> */}
    </Stack>
  );
}
