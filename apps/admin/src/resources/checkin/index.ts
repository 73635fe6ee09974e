import { lazy } from 'react';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import { section } from '../../common/section';

/** /admin/checkin (Checkin.Update): 'Control de acceso', the door screen of a session picked from today's, and the
 * session's door links for volunteers without an account (docs/domain.md, "Check-in at the door"). */
export default section({
  name: 'checkin',
  icon: QrCodeScannerIcon,
  list: lazy(() => import('./CheckInPage')),
});
