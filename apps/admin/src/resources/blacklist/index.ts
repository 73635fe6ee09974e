import { lazy } from 'react';
import BlockIcon from '@mui/icons-material/Block';
import { section } from '../../common/section';

/** /admin/blacklist (Blacklists.Read): the paged list; block, edit and delete by Blacklists.* permissions. */
export default section({
  name: 'blacklist',
  icon: BlockIcon,
  list: lazy(() => import('./BlacklistList')),
});
