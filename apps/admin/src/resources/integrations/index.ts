import { lazy } from 'react';
import IntegrationInstructionsIcon from '@mui/icons-material/IntegrationInstructions';
import { section } from '../../common/section';

/** /admin/integrations (Settings.Read): machine access. The API tokens (create and revoke with Settings.Update)
 * and the webhooks (create, edit, 'Probar' and delete with Settings.Update; their deliveries with Settings.Read). */
export default section({
  name: 'integrations',
  icon: IntegrationInstructionsIcon,
  list: lazy(() => import('./IntegrationsPage')),
});
