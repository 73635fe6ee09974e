import { useState } from 'react';
import type { Department } from '@evreg/contracts';
import DeleteIcon from '@mui/icons-material/Delete';
import { Alert } from '@mui/material';
import { DataTable, useDataProvider, useRefresh } from 'react-admin';
import { ConfirmDelete } from '../../common/ConfirmDelete';
import { ListEmpty } from '../../common/ListStates';
import { ResourceList, RowAction } from '../../common/ResourceList';
import { useActions } from '../../common/useActions';
import type { AdminDataProvider } from '../../providers/dataProvider';
import { DepartmentCreate } from './DepartmentCreate';

/** Departments (spec 2): search, create form, delete with confirmation; a refused delete shows
 * 'Error al eliminar el departamento' with the server's reason. */
export default function DepartmentList() {
  const { can } = useActions('departments');
  const [deleting, setDeleting] = useState<Department | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const dataProvider = useDataProvider<AdminDataProvider>();
  const refresh = useRefresh();

  return (
    <>
      {can('create') && <DepartmentCreate />}
      {failure && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }} onClose={() => setFailure(null)}>
          Error al eliminar el departamento{failure !== 'Error al eliminar el departamento' ? `: ${failure}` : ''}
        </Alert>
      )}
      <ResourceList
        resource="departments"
        title="Departamentos"
        searchPlaceholder="Buscar departamentos"
        loadError="Error al cargar los departamentos"
        sort={{ field: 'name', order: 'ASC' }}
      >
        <DataTable<Department>
          rowClick={false}
          bulkActionButtons={false}
          empty={<ListEmpty none="No hay departamentos registrados" notFound="No se encontraron departamentos" />}
        >
          <DataTable.Col<Department> label="ID" source="id" />
          <DataTable.Col<Department> label="Nombre" source="name" />
          {can('delete') && (
            <DataTable.Col<Department>
              label="Acciones"
              disableSort
              render={(department) => (
                <RowAction
                  title="Eliminar"
                  label={`Eliminar ${department.name}`}
                  icon={<DeleteIcon fontSize="small" />}
                  onClick={() => setDeleting(department)}
                  danger
                />
              )}
            />
          )}
        </DataTable>
      </ResourceList>
      {deleting && (
        <ConfirmDelete
          question={`¿Eliminar el departamento ${deleting.name}?`}
          onClose={() => setDeleting(null)}
          onError={setFailure}
          onConfirm={async () => {
            setFailure(null);
            await dataProvider.delete('departments', { id: deleting.id, previousData: deleting });
            refresh();
          }}
        />
      )}
    </>
  );
}
