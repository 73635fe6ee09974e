import { useState } from 'react';
import type { ApiToken, CreatedApiToken } from '@evreg/contracts';
import AddIcon from '@mui/icons-material/Add';
import BlockIcon from '@mui/icons-material/Block';
import KeyIcon from '@mui/icons-material/Key';
import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import { DataTable, ListBase, useDelete, useListContext, useNotify } from 'react-admin';
import { Confirmation } from '../../common/Confirmation';
import { formatDateTime } from '../../common/format';
import { ListError } from '../../common/ListStates';
import { RowAction } from '../../common/ResourceList';
import { useActions } from '../../common/useActions';
import { summarizePermissions } from '../roles/permissionGroups';
import { SettingsCard } from '../settings/SettingsCard';
import { ApiTokenCreatedDialog } from './ApiTokenCreatedDialog';
import { ApiTokenForm } from './ApiTokenForm';
import { creatorName, isExpired, permissionsNamed } from './rules';

type Dialog = { kind: 'create' } | { kind: 'created'; token: CreatedApiToken } | { kind: 'revoke'; token: ApiToken };

/** The API tokens (docs/domain.md, "API tokens"): the list (resource `api-tokens`, newest first), 'Nuevo token'
 * and 'Revocar' with Settings.Update. The token itself is shown once, right after its creation. */
export function ApiTokensCard() {
  const { can } = useActions('integrations');
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [remove] = useDelete<ApiToken>();
  const notify = useNotify();
  const close = () => setDialog(null);

  return (
    <SettingsCard
      icon={<KeyIcon color="primary" />}
      title="Tokens de API"
      subheader="Dan acceso a la API a otros programas, con los permisos que elijas (nunca más de los tuyos). Envíalos como Authorization: Bearer."
    >
      {can('create') && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ kind: 'create' })}>
            Nuevo token
          </Button>
        </Box>
      )}
      <ListBase<ApiToken>
        resource="api-tokens"
        perPage={1000}
        sort={{ field: 'createdAt', order: 'DESC' }}
        disableSyncWithLocation
      >
        <TokenTable canRevoke={can('delete')} onRevoke={(token) => setDialog({ kind: 'revoke', token })} />
      </ListBase>

      {dialog?.kind === 'create' && (
        <ApiTokenForm onClose={close} onCreated={(token) => setDialog({ kind: 'created', token })} />
      )}
      {dialog?.kind === 'created' && <ApiTokenCreatedDialog token={dialog.token} onClose={close} />}
      {dialog?.kind === 'revoke' && (
        <Confirmation
          title="Revocar token"
          question={`¿Revocar el token ${dialog.token.name}? Los programas que lo usen perderán el acceso en el acto. Esta acción no se puede deshacer.`}
          confirmLabel="Revocar"
          onClose={close}
          onConfirm={async () => {
            await remove('api-tokens', { id: dialog.token.id, previousData: dialog.token }, { returnPromise: true });
            notify('Token revocado', { type: 'success' });
          }}
        />
      )}
    </SettingsCard>
  );
}

function TokenTable({ canRevoke, onRevoke }: { canRevoke: boolean; onRevoke: (token: ApiToken) => void }) {
  const { error } = useListContext<ApiToken>();
  if (error) return <ListError text="Error al cargar los tokens de API" />;
  return (
    <Box sx={{ overflowX: 'auto', contain: 'inline-size' }}>
      <DataTable<ApiToken>
        rowClick={false}
        bulkActionButtons={false}
        empty={
          <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
            No hay tokens de API
          </Typography>
        }
      >
        <DataTable.Col<ApiToken>
          label="Nombre"
          source="name"
          render={(token) => (
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {token.name}
            </Typography>
          )}
        />
        <DataTable.Col<ApiToken>
          label="Permisos"
          disableSort
          render={(token) => {
            const { items, more } = summarizePermissions(permissionsNamed(token.permissions));
            return (
              <Stack spacing={0.25}>
                {items.map((item) => (
                  <Typography key={item} variant="body2">
                    {item}
                  </Typography>
                ))}
                {more > 0 && (
                  <Typography variant="body2" color="text.secondary">
                    +{more} más
                  </Typography>
                )}
              </Stack>
            );
          }}
        />
        <DataTable.Col<ApiToken>
          label="Creado"
          source="createdAt"
          render={(token) => (
            <Box>
              <Typography variant="body2">{formatDateTime(token.createdAt)}</Typography>
              <Typography variant="caption" color="text.secondary" title={token.createdByEmail}>
                por {creatorName(token)}
              </Typography>
            </Box>
          )}
        />
        <DataTable.Col<ApiToken>
          label="Caduca"
          source="expiresAt"
          render={(token) =>
            token.expiresAt === null ? (
              'Nunca'
            ) : (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <span>{formatDateTime(token.expiresAt)}</span>
                {isExpired(token) && <Chip size="small" color="error" variant="outlined" label="Caducado" />}
              </Stack>
            )
          }
        />
        <DataTable.Col<ApiToken>
          label="Último uso"
          source="lastUsedAt"
          render={(token) => (token.lastUsedAt ? formatDateTime(token.lastUsedAt) : 'Nunca')}
        />
        {canRevoke && (
          <DataTable.Col<ApiToken>
            label="Acciones"
            disableSort
            render={(token) => (
              <RowAction
                title="Revocar"
                label={`Revocar ${token.name}`}
                icon={<BlockIcon fontSize="small" />}
                onClick={() => onRevoke(token)}
                danger
              />
            )}
          />
        )}
      </DataTable>
    </Box>
  );
}
