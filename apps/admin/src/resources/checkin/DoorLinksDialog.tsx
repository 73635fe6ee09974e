import { useId, useState } from 'react';
import type { CreatedDoorLink, DoorLink } from '@evreg/contracts';
import AddIcon from '@mui/icons-material/Add';
import BlockIcon from '@mui/icons-material/Block';
import { Alert, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { DataTable, ListBase, TextInput, useCreate, useDelete, useListContext, useNotify } from 'react-admin';
import { Confirmation } from '../../common/Confirmation';
import { FormDialog } from '../../common/FormDialog';
import { formatDateTime } from '../../common/format';
import { ListError } from '../../common/ListStates';
import { RowAction } from '../../common/ResourceList';
import { ShownOnceDialog } from '../../common/ShownOnceDialog';
import { useActions } from '../../common/useActions';
import { sessionLabel, type CheckInSessionChoice } from './CheckInPage';
import { doorLinkErrors, doorLinkState } from './linkRules';

type Step =
  | { kind: 'list' }
  | { kind: 'create' }
  | { kind: 'created'; link: CreatedDoorLink }
  | { kind: 'revoke'; link: DoorLink };

/** A session's door links (resource `door-links`): for volunteers without an account, each opens only this
 * session's door screen until it is revoked or the session ends. The address is shown once, on creation. */
export function DoorLinksDialog({ session, onClose }: { session: CheckInSessionChoice; onClose: () => void }) {
  const titleId = useId();
  const { can } = useActions('door-links');
  const [step, setStep] = useState<Step>({ kind: 'list' });
  const [create] = useCreate<CreatedDoorLink>();
  const [remove] = useDelete<DoorLink>();
  const notify = useNotify();
  const back = () => setStep({ kind: 'list' });

  return (
    <>
      <Dialog
        open={step.kind === 'list' || step.kind === 'revoke'}
        onClose={onClose}
        aria-labelledby={titleId}
        fullWidth
        maxWidth="md"
      >
        <DialogTitle id={titleId}>Enlaces de puerta</DialogTitle>
        <DialogContent>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {sessionLabel(session)}. Cada enlace abre solo el control de acceso de esta sesión, sin cuenta, hasta que se
            revoca o termina la sesión.
          </Typography>
          {can('create') && (
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setStep({ kind: 'create' })}>
                Nuevo enlace
              </Button>
            </Box>
          )}
          <ListBase<DoorLink>
            resource="door-links"
            filter={{ sessionId: session.sessionId }}
            perPage={1000}
            sort={{ field: 'createdAt', order: 'DESC' }}
            disableSyncWithLocation
          >
            <LinkTable canRevoke={can('delete')} onRevoke={(link) => setStep({ kind: 'revoke', link })} />
          </ListBase>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button variant="contained" onClick={onClose}>
            Cerrar
          </Button>
        </DialogActions>
      </Dialog>

      {step.kind === 'create' && (
        <FormDialog
          title="Nuevo enlace de puerta"
          submitLabel="Crear enlace"
          onClose={back}
          record={{ label: '' }}
          validate={(values) => doorLinkErrors(values as { label?: string })}
          onSubmit={async (values) => {
            const link = await create(
              'door-links',
              { data: { sessionId: session.sessionId, label: values.label } },
              { returnPromise: true },
            );
            if (link) setStep({ kind: 'created', link });
          }}
        >
          <TextInput source="label" label="Nombre" helperText="Por ejemplo: Voluntarios puerta norte" fullWidth />
        </FormDialog>
      )}
      {step.kind === 'created' && (
        <ShownOnceDialog
          id="door-link-created-title"
          title="Enlace de puerta creado"
          label="Enlace"
          value={step.link.url}
          copied={{
            done: 'Enlace copiado al portapapeles',
            failed: 'No se pudo copiar: selecciónalo y cópialo a mano',
          }}
          onClose={back}
        >
          <Alert severity="warning" sx={{ mb: 2 }}>
            Copia ahora el enlace de <strong>{step.link.label}</strong> y envíalo a quien controle la puerta: no se
            volverá a mostrar. Caduca al terminar la sesión ({formatDateTime(step.link.expiresAt)}); si se pierde,
            revócalo y crea otro.
          </Alert>
        </ShownOnceDialog>
      )}
      {step.kind === 'revoke' && (
        <Confirmation
          kind="action"
          title="Revocar enlace"
          question={`¿Revocar el enlace ${step.link.label}? Quien lo use dejará de poder dar entradas en el acto.`}
          confirmLabel="Revocar"
          danger
          onClose={back}
          onConfirm={async () => {
            await remove('door-links', { id: step.link.id, previousData: step.link }, { returnPromise: true });
            notify('Enlace revocado', { type: 'success' });
          }}
        />
      )}
    </>
  );
}

function LinkTable({ canRevoke, onRevoke }: { canRevoke: boolean; onRevoke: (link: DoorLink) => void }) {
  const { error } = useListContext<DoorLink>();
  if (error) return <ListError text="Error al cargar los enlaces de puerta" />;
  return (
    <Box sx={{ overflowX: 'auto', contain: 'inline-size' }}>
      <DataTable<DoorLink>
        rowClick={false}
        bulkActionButtons={false}
        empty={
          <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
            No hay enlaces de puerta para esta sesión
          </Typography>
        }
      >
        <DataTable.Col<DoorLink> label="Nombre" source="label" />
        <DataTable.Col<DoorLink>
          label="Creado"
          source="createdAt"
          render={(link) => `${formatDateTime(link.createdAt)}${link.createdBy ? ` por ${link.createdBy}` : ''}`}
        />
        <DataTable.Col<DoorLink> label="Caduca" source="expiresAt" render={(link) => formatDateTime(link.expiresAt)} />
        <DataTable.Col<DoorLink>
          label="Estado"
          disableSort
          render={(link) => {
            const state = doorLinkState(link, new Date());
            return (
              <Chip size="small" variant="outlined" label={state} color={state === 'Activo' ? 'success' : 'default'} />
            );
          }}
        />
        {canRevoke && (
          <DataTable.Col<DoorLink>
            label="Acciones"
            disableSort
            render={(link) =>
              doorLinkState(link, new Date()) === 'Activo' && (
                <RowAction
                  title="Revocar"
                  label={`Revocar ${link.label}`}
                  icon={<BlockIcon fontSize="small" />}
                  onClick={() => onRevoke(link)}
                  danger
                />
              )
            }
          />
        )}
      </DataTable>
    </Box>
  );
}
