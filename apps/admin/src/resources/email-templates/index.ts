import { lazy } from 'react';
import DescriptionIcon from '@mui/icons-material/Description';
import { section } from '../../common/section';

/** /admin/email-templates (Settings.Update; loading needs Settings.Read too): list, /create, /{id}/edit
 * (one form) and /{id}/preview. */
export default section({
  name: 'email-templates',
  icon: DescriptionIcon,
  list: lazy(() => import('./TemplateList')),
  create: lazy(() => import('./TemplateCreate')),
  pages: {
    ':id/edit': { page: lazy(() => import('./TemplateEdit')), action: 'edit' },
    ':id/preview': { page: lazy(() => import('./TemplatePreview')), action: 'show' },
  },
  dataPermission: 'Settings.Read',
});
