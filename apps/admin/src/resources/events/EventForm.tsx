import { MESSAGES, ORGANIZER_LIMITS, type AdminEvent, type EventCategory } from '@evreg/contracts';
import { Box } from '@mui/material';
import { BooleanInput, SelectInput, TextInput, useCreate, useGetList, useUpdate } from 'react-admin';
import { FormDialog } from '../../common/FormDialog';
import { requiredWith } from '../../common/validators';
import { WHOLE } from '../../providers/dataProvider';
import type { EventFormValues } from '../../providers/requests';
import { eventFormValues, eventIdError, NEW_EVENT, priceError, STATUS_CHOICES } from './eventRules';
import { useReloadEvents } from './eventsScreen';
import { checkedByServer, markedRequired } from './formHelpers';

const M = MESSAGES.events;
const TWO_COLUMNS = { display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' }, columnGap: 2 } as const;

/** 'Nuevo Evento' / 'Editar Evento' (docs/product.md §5): id (create only), title, description and city checked here; place,
 * postal code, organizer (name and contact) and category only by the server, whose answer shows under each field. */
export function EventForm({ event, onClose }: { event?: AdminEvent; onClose: () => void }) {
  const [create] = useCreate();
  const [update] = useUpdate();
  const reload = useReloadEvents();
  const categories = useGetList<EventCategory>('event-categories', WHOLE, { staleTime: 300_000 });

  async function save(values: Record<string, any>) {
    const data = values as EventFormValues;
    if (event) await update('events', { id: event.id, data, previousData: event }, { returnPromise: true });
    else await create('events', { data }, { returnPromise: true });
    // The row shows the saved event (no notification: the table is read again and stays where it was).
    await reload();
    onClose();
  }

  return (
    <FormDialog
      title={event ? 'Editar Evento' : 'Nuevo Evento'}
      submitLabel={event ? 'Guardar Cambios' : 'Crear Evento'}
      onClose={onClose}
      onSubmit={save}
      record={event ? eventFormValues(event) : NEW_EVENT}
      maxWidth="md"
    >
      <Box sx={TWO_COLUMNS}>
        <TextInput
          source="id"
          label="ID del evento"
          validate={event ? undefined : markedRequired(eventIdError)}
          disabled={!!event}
          helperText={event ? 'El id no se puede cambiar' : 'El id del evento en el sistema de contenidos'}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          fullWidth
        />
        {/* Marked required: the list then has no empty choice. */}
        <SelectInput source="status" label="Estado" choices={STATUS_CHOICES} validate={checkedByServer()} fullWidth />
      </Box>
      <TextInput source="title" label="Título" validate={markedRequired(requiredWith(M.titleRequired))} fullWidth />
      <TextInput
        source="description"
        label="Descripción"
        validate={markedRequired(requiredWith(M.descriptionRequired))}
        helperText="Admite HTML: p, strong, em, u, a, listas, br y encabezados"
        multiline
        minRows={3}
        fullWidth
      />
      <Box sx={TWO_COLUMNS}>
        <SelectInput
          source="eventCategoryId"
          label="Categoría"
          choices={categories.data ?? []}
          isPending={categories.isPending}
          validate={checkedByServer()}
          fullWidth
        />
        <TextInput source="organizerName" label="Organizador" validate={checkedByServer()} fullWidth />
        <TextInput
          source="organizerEmail"
          label="Email del organizador"
          type="email"
          helperText="Se muestra en la página de reservas y en los emails"
          slotProps={{ htmlInput: { maxLength: ORGANIZER_LIMITS.email } }}
          fullWidth
        />
        <TextInput
          source="organizerPhone"
          label="Teléfono del organizador"
          type="tel"
          slotProps={{ htmlInput: { maxLength: ORGANIZER_LIMITS.phone } }}
          fullWidth
        />
        <TextInput
          source="organizerWebsite"
          label="Web del organizador"
          type="url"
          helperText="http:// o https://"
          slotProps={{ htmlInput: { maxLength: ORGANIZER_LIMITS.website } }}
          fullWidth
        />
        <TextInput source="place" label="Lugar" validate={checkedByServer()} fullWidth />
        <TextInput source="address" label="Dirección" fullWidth />
        <TextInput source="postalCode" label="Código postal" validate={checkedByServer()} fullWidth />
        <TextInput source="city" label="Ciudad" validate={markedRequired(requiredWith(M.cityRequired))} fullWidth />
        <TextInput source="country" label="País" fullWidth />
        <TextInput source="timeZone" label="Zona horaria" helperText="Por ejemplo, Europe/Madrid" fullWidth />
        <TextInput
          source="price"
          label="Precio (€)"
          // Text, not a number input: a number input drops the decimal comma typed in Spain ('7,5' became 75).
          validate={priceError}
          helperText="0 es gratis; con coma decimal, por ejemplo 7,50 o 1.234,50"
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          fullWidth
        />
        <TextInput
          source="imageUrl"
          label="URL de la imagen"
          helperText="http(s):// o una ruta que empieza por /"
          fullWidth
        />
      </Box>
      <BooleanInput source="isPublic" label="Visible al público" helperText={false} />
    </FormDialog>
  );
}
