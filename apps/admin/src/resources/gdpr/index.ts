import { lazy } from 'react';
import PrivacyTipIcon from '@mui/icons-material/PrivacyTip';
import { section } from '../../common/section';

/** /admin/gdpr (GDPR.Delete): a person's data by e-mail; summary, export and delete. */
export default section({
  name: 'gdpr',
  icon: PrivacyTipIcon,
  list: lazy(() => import('./GdprPage')),
});
