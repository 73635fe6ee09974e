import { lazy } from 'react';
import IntegrationInstructionsIcon from '@mui/icons-material/IntegrationInstructions';
import { section } from '../../common/section';

/** /admin/integrations (Settings.Read): machine access. The API tokens (create and revoke with Settings.Update);
 * the webhooks will be a second card of the same page. */
export default section({
  name: 'integrations',
  icon: IntegrationInstructionsIcon,
  list: lazy(() => import('./IntegrationsPage')),
});
