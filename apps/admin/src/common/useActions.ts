import { usePermissions } from 'react-admin';
import { canAccess } from '../access/routes';

/** Which buttons of a resource to show (docs/product.md §6), from the same rules as authProvider.canAccess, decided at
 * once for every row. */
export function useActions(resource: string) {
  const { permissions, isPending } = usePermissions<string[]>();
  const granted = isPending ? [] : (permissions ?? []);
  return {
    can: (action: string) => canAccess(granted, resource, action),
    permissions: granted,
  };
}
