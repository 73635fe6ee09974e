import { lazy } from 'react';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import { section } from '../../common/section';

/** /admin/system (Settings.Read): 'Estado del sistema', the services the product depends on and what waits to be
 * sent (GET /api/system/status). */
export default section({
  name: 'system',
  icon: MonitorHeartIcon,
  list: lazy(() => import('./SystemStatusPage')),
});
