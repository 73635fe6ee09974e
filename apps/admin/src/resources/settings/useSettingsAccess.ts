import { useActions } from '../../common/useActions';

/** Settings are read with Settings.Read and changed with Settings.Update. */
export function useSettingsAccess() {
  const { can } = useActions('settings');
  return { canRead: can('list'), canEdit: can('edit') };
}
