import type { ReactNode } from 'react';
import { Alert, Box } from '@mui/material';
import { Loading, usePermissions } from 'react-admin';

/** The route table lets a section in with one permission while the API reads its data with another (the
 * e-mail and SMS settings and the templates: Settings.Update to see the screen, Settings.Read to load it).
 * Without the second the screen explains why instead of making a call that would be refused (and sign out). */
export function RequirePermission({ permission, children }: { permission: string; children: ReactNode }) {
  const { permissions, isPending } = usePermissions<string[]>();
  if (isPending) return <Loading />;
  if (!permissions?.includes(permission)) {
    return (
      <Box sx={{ py: 2 }}>
        <Alert severity="warning">
          Para cargar esta sección también necesitas el permiso {permission}. Pide a un administrador que lo añada a tu
          rol.
        </Alert>
      </Box>
    );
  }
  return <>{children}</>;
}
