import { useId, useRef, useState } from 'react';
import {
  EMAIL_TEMPLATE_TYPES,
  NOTIFICATION_TYPE,
  SMS_ENCODINGS,
  SMS_LIMITS,
  type AdminEvent,
  type EmailTemplate,
  type NotificationResult,
  type SendNotificationRequest,
  type Session,
} from '@evreg/contracts';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Typography,
} from '@mui/material';
import { Form, FormDataConsumer, RadioButtonGroupInput, SelectInput, TextInput, useGetList } from 'react-admin';
import { useCommand } from '../../common/useCommand';
import { withReason } from '../../common/withReason';
import { formatCost, sessionWhen } from './eventFormat';
import { sessionName, useEventsScreen } from './eventsScreen';
import {
  notificationErrors,
  notificationPayload,
  shownErrors,
  smsEstimate,
  smsTargets,
  type NotificationDraft,
  type SmsTarget,
} from './notificationRules';

type Step =
  | { kind: 'form' }
  | { kind: 'confirm' }
  | { kind: 'sending' }
  | { kind: 'result'; result: NotificationResult; failure?: string };

const ALL_TEMPLATES = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' as const } };
const typeLabel = (type: number) => EMAIL_TEMPLATE_TYPES.find((t) => t.value === type)?.label ?? '';

/** 'Enviar notificación' to the active registrations of an event or a session (docs/product.md §2, 5, 8): type, message,
 * confirmation, then the result (totals, cost, at most five errors). */
export function NotificationDialog({
  event,
  session,
  onClose,
}: {
  event: AdminEvent;
  session?: Session;
  onClose: () => void;
}) {
  const command = useCommand();
  const { canReadTemplates } = useEventsScreen();
  const recipients = session
    ? session.registeredCount
    : (event.sessions ?? []).reduce((sum, s) => sum + s.registeredCount, 0);
  const target = session
    ? `la ${sessionName(session).toLowerCase()} (${sessionWhen(session)})`
    : `el evento «${event.title}»`;
  return (
    <NotificationSteps
      target={target}
      recipients={recipients}
      smsRecipients={recipients}
      targets={smsTargets(event, session)}
      defaultSubject={`«Información sobre ${event.title}»`}
      canReadTemplates={canReadTemplates}
      onClose={onClose}
      deliver={async (payload) => {
        // A create of `notifications` (its answer is the result, not a record: through useCommand); the messages
        // are recorded in the logs.
        const to = session ? { sessionId: session.id } : { eventId: event.id };
        const { data } = await command(
          (p) => p.create('notifications', { data: { ...to, ...payload } }),
          ['sms-logs', 'email-logs'],
        );
        const { id: _id, ...result } = data as NotificationResult & { id?: unknown };
        return result;
      }}
    />
  );
}

/** The notification's steps, for a session or event and for a selection of registrations (the bulk 'Notificar'):
 * the form with the SMS count and cost, the confirmation '¿Enviar ... a N personas ...?' with the estimate, then
 * the result. `recipients` are the active people reached, `smsRecipients` those of them an SMS reaches, `targets`
 * the sessions' details the server adds to each SMS; `deliver` sends and answers the totals. */
export function NotificationSteps({
  target,
  recipients,
  smsRecipients,
  targets,
  defaultSubject,
  canReadTemplates,
  deliver,
  onClose,
}: {
  target: string;
  recipients: number;
  smsRecipients: number;
  targets: SmsTarget[];
  defaultSubject: string;
  canReadTemplates: boolean;
  deliver: (payload: SendNotificationRequest) => Promise<NotificationResult>;
  onClose: () => void;
}) {
  const titleId = useId();
  const templates = useGetList<EmailTemplate>('email-templates', ALL_TEMPLATES, { enabled: canReadTemplates });
  const [draft, setDraft] = useState<NotificationDraft>({
    type: NOTIFICATION_TYPE.Sms,
    message: '',
    subject: '',
    emailTemplateId: '',
  });
  const [step, setStep] = useState<Step>({ kind: 'form' });

  const sms = smsEstimate(draft.message, targets);
  const isSms = draft.type === NOTIFICATION_TYPE.Sms;
  const people = peopleText(recipients);
  const smsPeople = peopleText(smsRecipients);

  // Reached only when the rules pass (the form's validate).
  function review(values: Record<string, unknown>) {
    setDraft(asDraft(values));
    setStep({ kind: 'confirm' });
  }

  // Set at once, unlike the step: a double click's second 'Enviar' (same tick) must not send again.
  const sending = useRef(false);

  async function send() {
    if (sending.current) return;
    sending.current = true;
    setStep({ kind: 'sending' });
    try {
      setStep({ kind: 'result', result: await deliver(notificationPayload(draft)) });
    } catch (error) {
      setStep({
        kind: 'result',
        failure: withReason('Error al enviar notificaciones', error instanceof Error ? error.message : undefined),
        result: { success: false, totalRecipients: 0, successCount: 0, failedCount: 0, totalCost: 0, errors: [] },
      });
    }
  }

  return (
    <Dialog
      open
      onClose={(_e, reason) => reason !== 'backdropClick' && step.kind !== 'sending' && onClose()}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>Enviar notificación</DialogTitle>
      {step.kind === 'form' && (
        // react-admin's Form: the rules of notificationRules.ts when continuing; the draft is kept for 'Volver'.
        <Form record={draft} onSubmit={review} validate={(values) => notificationErrors(asDraft(values))} noValidate>
          <DialogContent sx={{ '&&': { pt: 0 } }}>
            <DialogContentText sx={{ mb: 2 }}>
              A las personas inscritas (activas) en {target}: {people}.
            </DialogContentText>
            <RadioButtonGroupInput
              source="type"
              label="Tipo de notificación"
              choices={TYPES}
              row
              helperText={false}
              sx={{ mt: 0, mb: 2 }}
            />
            <FormDataConsumer>
              {({ formData }) => {
                const current = asDraft(formData);
                return current.type === NOTIFICATION_TYPE.Sms ? (
                  <SmsFields message={current.message} targets={targets} people={smsPeople} />
                ) : (
                  <EmailFields
                    canReadTemplates={canReadTemplates}
                    templates={templates.data ?? []}
                    withoutTemplate={current.emailTemplateId === ''}
                    defaultSubject={defaultSubject}
                  />
                );
              }}
            </FormDataConsumer>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={onClose}>Cancelar</Button>
            <Button type="submit" variant="contained">
              Continuar
            </Button>
          </DialogActions>
        </Form>
      )}

      {(step.kind === 'confirm' || step.kind === 'sending') && (
        <>
          <DialogContent sx={{ '&&': { pt: 0 } }}>
            <DialogContentText>
              ¿Enviar {isSms ? 'un SMS' : 'un email'} a {isSms ? smsPeople : people} en {target}?
              {isSms && ` Coste estimado: ${formatCost(sms.cost)}.`}
            </DialogContentText>
            {isSms && (
              <Box
                component="blockquote"
                sx={{ m: 0, mt: 2, p: 1.5, bgcolor: 'action.hover', borderRadius: 1, whiteSpace: 'pre-wrap' }}
              >
                {draft.message.trim()}
              </Box>
            )}
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={() => setStep({ kind: 'form' })} disabled={step.kind === 'sending'}>
              Volver
            </Button>
            <Button variant="contained" onClick={send} disabled={step.kind === 'sending'}>
              {step.kind === 'sending' ? 'Enviando...' : 'Enviar'}
            </Button>
          </DialogActions>
        </>
      )}

      {step.kind === 'result' && (
        <>
          <DialogContent sx={{ '&&': { pt: 0 } }}>
            <ResultView result={step.result} failure={step.failure} />
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button variant="contained" onClick={onClose}>
              Cerrar
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

const TYPES = [
  { id: NOTIFICATION_TYPE.Sms, name: 'SMS' },
  { id: NOTIFICATION_TYPE.Email, name: 'Email' },
];

/** The form's values as the rules read them (react-admin gives an emptied text as null). */
function asDraft(values: Record<string, unknown>): NotificationDraft {
  const template = values.emailTemplateId;
  return {
    type: Number(values.type ?? NOTIFICATION_TYPE.Sms) as NotificationDraft['type'],
    message: typeof values.message === 'string' ? values.message : '',
    subject: typeof values.subject === 'string' ? values.subject : '',
    emailTemplateId: template === '' || template == null ? '' : Number(template),
  };
}

const keepText = (value: string) => value;

const peopleText = (count: number) => (count === 1 ? '1 persona inscrita' : `${count} personas inscritas`);

/** The SMS message with its live count: the message's characters, then the SMS the server will send (with the
 * event details) in the encoding it takes, its parts and the characters left; the near-limit warning and the cost
 * estimate, which is what the SMS log then charges (docs/product.md §5, 9). */
function SmsFields({ message, targets, people }: { message: string; targets: SmsTarget[]; people: string }) {
  const sms = smsEstimate(message, targets);
  const { single } = SMS_ENCODINGS[sms.size.encoding];
  const ucs2 = sms.size.encoding === 'UCS-2';
  const smsCount = sms.parts === 1 ? '1 SMS' : `${sms.parts} SMS`;
  return (
    <>
      <TextInput
        source="message"
        label="Mensaje SMS"
        parse={keepText}
        // Red as soon as it is too long, before continuing; a rule's message takes the count's place.
        {...(sms.tooLong ? { error: true } : {})}
        helperText={`${sms.messageLength}/${SMS_LIMITS.messageMax} caracteres · con los datos del evento que añade el sistema: ${sms.size.units} ${ucs2 ? 'unidades UCS-2' : 'caracteres GSM-7'}, ${smsCount}, quedan ${sms.size.unitsLeft}`}
        multiline
        minRows={3}
        fullWidth
        sx={{ m: 0 }}
      />
      {ucs2 && !sms.tooLong && (
        <Alert severity="info" sx={{ mt: 1.5 }}>
          El texto lleva caracteres fuera del alfabeto GSM-7 (como á, í, ó, ú o emojis): cada SMS admite 70 caracteres,
          y 67 por parte si se divide. Sin ellos caben 160.
        </Alert>
      )}
      {sms.nearLimit && !sms.tooLong && (
        <Alert severity="warning" sx={{ mt: 1.5 }}>
          Con los datos del evento el SMS se acerca a los {single} caracteres: si los supera se enviará en varios SMS,
          con coste adicional.
        </Alert>
      )}
      <Typography sx={{ mt: 1.5 }}>
        Coste estimado: <strong>{formatCost(sms.cost)}</strong> ({people} × {smsCount} × 0,10 €)
      </Typography>
    </>
  );
}

/** An e-mail: a template (with Settings.Read) or a message with an optional subject. */
function EmailFields({
  canReadTemplates,
  templates,
  withoutTemplate,
  defaultSubject,
}: {
  canReadTemplates: boolean;
  templates: EmailTemplate[];
  withoutTemplate: boolean;
  defaultSubject: string;
}) {
  const choices = templates.map((t) => ({
    id: t.id,
    name: `${t.name} · ${typeLabel(t.templateType)}${t.isActive ? '' : ' (inactiva)'}`,
  }));
  return (
    <>
      {canReadTemplates && (
        <SelectInput
          source="emailTemplateId"
          label="Plantilla"
          choices={choices}
          emptyText="Sin plantilla (escribir un mensaje)"
          parse={(value: unknown) => (value === '' || value == null ? '' : Number(value))}
          helperText="O escribe un mensaje sin plantilla"
          fullWidth
          sx={{ mt: 0, mb: 2 }}
        />
      )}
      {withoutTemplate && (
        <>
          <TextInput
            source="subject"
            label="Asunto (opcional)"
            parse={keepText}
            helperText={`Si se deja vacío: ${defaultSubject}`}
            fullWidth
            sx={{ mt: 0, mb: 2 }}
          />
          <TextInput
            source="message"
            label="Mensaje"
            parse={keepText}
            helperText="Se añaden el evento, la fecha y el lugar"
            multiline
            minRows={4}
            fullWidth
            sx={{ m: 0 }}
          />
        </>
      )}
    </>
  );
}

/** The answer: success or not, the totals, the estimated cost, and at most five errors then 'y N más'. */
function ResultView({ result, failure }: { result: NotificationResult; failure?: string }) {
  const { shown, more } = shownErrors(result.errors);
  const headline = failure
    ? failure
    : result.success
      ? 'Notificaciones enviadas: se han puesto en cola para su envío.'
      : result.totalRecipients === 0
        ? 'No hay personas inscritas activas a las que notificar'
        : 'Algunas notificaciones no se han podido enviar.';
  return (
    <>
      <Alert
        severity={failure ? 'error' : result.success ? 'success' : 'warning'}
        role={failure || !result.success ? 'alert' : 'status'}
        sx={{ mb: 2 }}
      >
        {headline}
      </Alert>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'auto 1fr',
          columnGap: 3,
          rowGap: 0.5,
          m: 0,
          '& dt': { color: 'text.secondary' },
          '& dd': { m: 0, fontWeight: 600 },
        }}
      >
        <dt>Destinatarios</dt>
        <dd>{result.totalRecipients}</dd>
        <dt>Enviados</dt>
        <dd>{result.successCount}</dd>
        <dt>Fallidos</dt>
        <dd>{result.failedCount}</dd>
        <dt>Coste estimado</dt>
        <dd>{formatCost(result.totalCost)}</dd>
      </Box>
      {shown.length > 0 && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="subtitle2" component="h3">
            Errores
          </Typography>
          <Box component="ul" sx={{ mt: 0.5, pl: 3 }}>
            {shown.map((error, i) => (
              <li key={i}>{error}</li>
            ))}
          </Box>
          {more > 0 && <Typography color="text.secondary">y {more} más</Typography>}
        </Box>
      )}
      {!failure && result.successCount > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          El resultado de cada envío se ve en el registro de SMS o de emails.
        </Typography>
      )}
    </>
  );
}
