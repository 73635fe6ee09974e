import { lazy } from 'react';
import HistoryIcon from '@mui/icons-material/History';
import { section } from '../../common/section';

/** /admin/history (administrators): the whole history, filtered by the server; a bulk action is one row. */
export default section({
  name: 'history',
  icon: HistoryIcon,
  list: lazy(() => import('./HistoryList')),
});
