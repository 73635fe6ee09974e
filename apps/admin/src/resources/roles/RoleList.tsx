import { useState } from 'react';
import type { Role } from '@evreg/contracts';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Chip, Stack, Typography } from '@mui/material';
import { DataTable, useDelete, useNotify } from 'react-admin';
import { Confirmation } from '../../common/Confirmation';
import { formatDateTime, shortId } from '../../common/format';
import { ListEmpty } from '../../common/ListStates';
import { ResourceList, RowAction } from '../../common/ResourceList';
import { useActions } from '../../common/useActions';
import { summarizePermissions } from './permissionGroups';
import { RoleForm } from './RoleForm';

type Dialog = { kind: 'create' } | { kind: 'edit'; role: Role } | { kind: 'delete'; role: Role };

/** Roles (docs/product.md §2): search by name or description; system roles are not deletable. */
export default function RoleList() {
  const { can } = useActions('roles');
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [remove] = useDelete<Role>();
  const notify = useNotify();
  const close = () => setDialog(null);

  return (
    <>
      <ResourceList
        resource="roles"
        title="Roles"
        searchPlaceholder="Buscar por nombre o descripción"
        loadError="Error al cargar los roles. Por favor, intenta de nuevo."
        sort={{ field: 'name', order: 'ASC' }}
        paging={{ noun: 'roles' }}
        create={can('create') ? { label: 'Nuevo Rol', onClick: () => setDialog({ kind: 'create' }) } : undefined}
      >
        <DataTable<Role>
          rowClick={false}
          bulkActionButtons={false}
          empty={<ListEmpty none="No hay roles registrados" notFound="No se encontraron roles" />}
        >
          <DataTable.Col<Role>
            label="Rol"
            source="name"
            render={(role) => (
              <Box>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {role.name}
                </Typography>
                <Typography variant="caption" color="text.secondary" title={role.id}>
                  ID: {shortId(role.id)}
                </Typography>
              </Box>
            )}
          />
          <DataTable.Col<Role> label="Descripción" source="description" render={(role) => role.description || '—'} />
          <DataTable.Col<Role>
            label="Permisos"
            disableSort
            render={(role) => {
              const { items, more } = summarizePermissions(role.permissions);
              if (!items.length) return 'Sin permisos';
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
          <DataTable.Col<Role>
            label="Tipo"
            source="isSystemRole"
            render={(role) => (
              <Chip
                size="small"
                label={role.isSystemRole ? 'Sistema' : 'Personalizado'}
                color={role.isSystemRole ? 'primary' : 'default'}
                variant="outlined"
              />
            )}
          />
          <DataTable.Col<Role>
            label="Fecha Creación"
            source="createdAt"
            render={(role) => formatDateTime(role.createdAt)}
          />
          <DataTable.Col<Role>
            label="Acciones"
            disableSort
            render={(role) => (
              <Stack direction="row" spacing={0.5}>
                {can('edit') && (
                  <RowAction
                    title="Editar"
                    label={`Editar ${role.name}`}
                    icon={<EditIcon fontSize="small" />}
                    onClick={() => setDialog({ kind: 'edit', role })}
                  />
                )}
                {/* System roles cannot be deleted (docs/product.md §2). */}
                {can('delete') && !role.isSystemRole && (
                  <RowAction
                    title="Eliminar"
                    label={`Eliminar ${role.name}`}
                    icon={<DeleteIcon fontSize="small" />}
                    onClick={() => setDialog({ kind: 'delete', role })}
                    danger
                  />
                )}
              </Stack>
            )}
          />
        </DataTable>
      </ResourceList>

      {dialog?.kind === 'create' && <RoleForm onClose={close} />}
      {dialog?.kind === 'edit' && <RoleForm role={dialog.role} onClose={close} />}
      {dialog?.kind === 'delete' && (
        <Confirmation
          question={`¿Eliminar el rol ${dialog.role.name}? Esta acción no se puede deshacer.`}
          onClose={close}
          onConfirm={async () => {
            await remove('roles', { id: dialog.role.id, previousData: dialog.role }, { returnPromise: true });
            notify('Rol eliminado', { type: 'success' });
          }}
        />
      )}
    </>
  );
}
