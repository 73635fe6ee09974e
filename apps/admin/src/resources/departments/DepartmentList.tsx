import { useState } from 'react';
import type { Department } from '@evreg/contracts';
import DeleteIcon from '@mui/icons-material/Delete';
import { DataTable, useDelete, useNotify } from 'react-admin';
import { Confirmation } from '../../common/Confirmation';
import { errorText } from '../../common/notifyError';
import { ListEmpty } from '../../common/ListStates';
import { ResourceList, RowAction } from '../../common/ResourceList';
import { useActions } from '../../common/useActions';
import { withReason } from '../../common/withReason';
import { DepartmentCreate } from './DepartmentCreate';

/** Departments (docs/product.md §2): search, create form, delete with confirmation; a refused delete shows
 * 'Error al eliminar el departamento' with the server's reason. */
export default function DepartmentList() {
  const { can } = useActions('departments');
  const [deleting, setDeleting] = useState<Department | null>(null);
  const [remove] = useDelete<Department>();
  const notify = useNotify();

  return (
    <>
      {can('create') && <DepartmentCreate />}
      <ResourceList
        resource="departments"
        title="Departamentos"
        searchPlaceholder="Buscar departamentos"
        loadError="Error al cargar los departamentos"
        sort={{ field: 'name', order: 'ASC' }}
        paging={{ noun: 'departamentos' }}
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
        <Confirmation
          question={`¿Eliminar el departamento ${deleting.name}?`}
          onClose={() => setDeleting(null)}
          onError={(error) =>
            notify(withReason('Error al eliminar el departamento', errorText(error)), { type: 'error' })
          }
          onConfirm={async () => {
            await remove('departments', { id: deleting.id, previousData: deleting }, { returnPromise: true });
            notify(`Departamento «${deleting.name}» eliminado`, { type: 'success' });
          }}
        />
      )}
    </>
  );
}
