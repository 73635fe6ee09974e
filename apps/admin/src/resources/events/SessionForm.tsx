import { DEFAULT_MAX_QUEUE_SPOTS, type AdminEvent, type WaitingListSettings, type Session } from '@evreg/contracts';
import { Alert, Box } from '@mui/material';
import { useState } from 'react';
import { BooleanInput, Confirm, FormDataConsumer, TextInput, useCreate, useGetOne, useUpdate } from 'react-admin';
import { FormDialog } from '../../common/FormDialog';
import { useSettingsAccess } from '../settings';
import { sessionName, useReloadEvents } from './eventsScreen';
import { markedRequired } from './formHelpers';
import {
  newSessionValues,
  pastSessionQuestion,
  sessionFormErrors,
  sessionFormValues,
  sessionPayload,
  startsInPast,
  type SessionFormValues,
} from './sessionRules';

const TWO_COLUMNS = { display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' }, columnGap: 2 } as const;
const SHRINK = { inputLabel: { shrink: true } };

/** 'Nueva Sesión' / 'Editar Sesión' (docs/product.md §5). The rules of sessionRules.ts, each shown under its field; the
 * capacity is set on create and changed afterwards from the session's row. */
export function SessionForm({
  event,
  session,
  onClose,
}: {
  event: AdminEvent;
  session?: Session;
  onClose: () => void;
}) {
  const [create] = useCreate<Session>();
  const [update] = useUpdate<Session>();
  const reload = useReloadEvents();
  const mode = session ? 'edit' : 'create';
  // New sessions take the default waiting-list limit of the settings card when it can be read.
  const { canRead } = useSettingsAccess();
  const waitingListSettings = useGetOne<WaitingListSettings & { id: string }>(
    'settings',
    { id: 'queue-settings' },
    { enabled: !session && canRead },
  );
  const waitingForDefault = !session && canRead && waitingListSettings.isPending;

  const rule = (field: keyof SessionFormValues) => (_value: unknown, values: SessionFormValues) =>
    sessionFormErrors(values, mode)[field];
  const required = (field: keyof SessionFormValues) => markedRequired(rule(field));

  // The past-date warning: the save waits for the answer, so the server's field errors still land under the fields.
  const [pastWarning, setPastWarning] = useState<{ question: string; answer: (go: boolean) => void } | null>(null);
  const confirmPast = (form: SessionFormValues) =>
    new Promise<boolean>((resolve) =>
      setPastWarning({
        question: pastSessionQuestion(form),
        answer: (go) => {
          setPastWarning(null);
          resolve(go);
        },
      }),
    );

  async function save(values: Record<string, any>) {
    const form = values as SessionFormValues;
    if (startsInPast(form, event.timeZone, new Date(), session) && !(await confirmPast(form))) return;
    if (session) {
      const previousData = { ...session, eventId: event.id };
      await update(
        'sessions',
        { id: session.id, data: sessionPayload(form, 'edit'), previousData },
        { returnPromise: true },
      );
    } else {
      await create(
        'sessions',
        { data: { eventId: event.id, ...sessionPayload(form, 'create') } },
        { returnPromise: true },
      );
    }
    // The event's row shows the saved session.
    await reload();
    onClose();
  }

  if (waitingForDefault) return null;
  return (
    <FormDialog
      title={session ? `Editar ${sessionName(session)}` : 'Nueva Sesión'}
      submitLabel={session ? 'Guardar Cambios' : 'Crear Sesión'}
      onClose={onClose}
      onSubmit={save}
      record={
        session
          ? sessionFormValues(session)
          : newSessionValues(waitingListSettings.data?.defaultMaxQueueSpots ?? DEFAULT_MAX_QUEUE_SPOTS)
      }
    >
      <Alert severity="info" sx={{ mb: 2 }}>
        {event.title}: fechas y horas en la zona horaria del evento ({event.timeZone}).
      </Alert>
      <Box sx={TWO_COLUMNS}>
        <TextInput
          source="startDate"
          label="Fecha de inicio"
          type="date"
          validate={required('startDate')}
          slotProps={SHRINK}
          fullWidth
        />
        <TextInput
          source="endDate"
          label="Fecha de fin"
          type="date"
          validate={required('endDate')}
          slotProps={SHRINK}
          fullWidth
        />
      </Box>
      <BooleanInput source="isAllDay" label="Todo el día (de 00:00 a 23:59)" helperText={false} />
      <Times rule={required} />
      {session ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          La capacidad, las plazas reservadas y la lista de espera se cambian desde la fila de la sesión (Editar
          capacidad).
        </Alert>
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr 1fr' }, columnGap: 2 }}>
          <TextInput
            source="maxAttendees"
            label="Capacidad total"
            type="number"
            validate={required('maxAttendees')}
            slotProps={{ htmlInput: { min: 1 } }}
            fullWidth
          />
          <TextInput
            source="reservedSpots"
            label="Plazas reservadas"
            type="number"
            validate={required('reservedSpots')}
            slotProps={{ htmlInput: { min: 0 } }}
            fullWidth
          />
          <TextInput
            source="maxQueueSpots"
            label="Máx. lista de espera"
            type="number"
            validate={required('maxQueueSpots')}
            slotProps={{ htmlInput: { min: 0 } }}
            fullWidth
          />
        </Box>
      )}
      <Box sx={{ display: 'grid' }}>
        <BooleanInput source="isRegistrationOpen" label="Inscripciones abiertas" helperText={false} />
        <BooleanInput
          source="isPromotionLocked"
          label="Promoción automática bloqueada (nadie pasa solo de la lista de espera a inscrito)"
          helperText={false}
        />
      </Box>
      {pastWarning && (
        <Confirm
          isOpen
          title="Sesión en el pasado"
          content={pastWarning.question}
          confirm="Guardar"
          cancel="Volver"
          onConfirm={() => pastWarning.answer(true)}
          onClose={() => pastWarning.answer(false)}
        />
      )}
    </FormDialog>
  );
}

/** The times, hidden for an all-day session (sent as 00:00 to 23:59). */
function Times({
  rule,
}: {
  rule: (field: keyof SessionFormValues) => (value: unknown, values: SessionFormValues) => string | undefined;
}) {
  return (
    <FormDataConsumer<SessionFormValues>>
      {({ formData }) =>
        formData.isAllDay ? null : (
          <Box sx={TWO_COLUMNS}>
            <TextInput
              source="startTime"
              label="Hora de inicio"
              type="time"
              validate={rule('startTime')}
              slotProps={SHRINK}
              fullWidth
            />
            <TextInput
              source="endTime"
              label="Hora de fin"
              type="time"
              validate={rule('endTime')}
              slotProps={SHRINK}
              fullWidth
            />
          </Box>
        )
      }
    </FormDataConsumer>
  );
}
