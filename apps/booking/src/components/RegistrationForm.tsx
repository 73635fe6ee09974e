import { useState, type FormEvent } from 'react';
import { isValidEmail, type RegistrationRequest, type Session } from '@evreg/contracts';
import type { ApiFailure } from '../api';
import { AttendeeForm, EMPTY_ATTENDEE, type AttendeeValues, type Field, type FieldErrors } from './AttendeeForm';
import { queueRoom } from './format';

interface Props {
  session: Session;
  attendees: 1 | 2;
  loading: boolean;
  error: ApiFailure | null;
  onSubmit: (regs: RegistrationRequest[], names: string[]) => void;
}

/** The spec's client checks (section 5). First name has no effective client check. */
function validate(a: AttendeeValues): FieldErrors {
  const e: FieldErrors = {};
  if (!a.lastName.trim()) e.lastName = 'Apellidos son requeridos';
  if (!a.email.trim()) e.email = 'Correo electrónico es requerido';
  else if (!isValidEmail(a.email)) e.email = 'Correo electrónico no es válido';
  if (!a.confirmEmail.trim()) e.confirmEmail = 'Confirmar correo es requerido';
  else if (a.confirmEmail.trim() !== a.email.trim()) e.confirmEmail = 'Los correos no coinciden';
  if (!a.userTaxId.trim()) e.userTaxId = 'DNI/NIE es requerido';
  return e;
}

/** Server texts to fields by keywords (section 5). */
function fieldsFor(text: string): Field[] {
  const t = text.toLowerCase();
  if (/\b(dni|nie|nif)\b|tax|documento|identidad/.test(t)) return ['userTaxId'];
  if (/correo|e-?mail/.test(t)) return t.includes('confirm') ? ['email', 'confirmEmail'] : ['email'];
  if (/apellido|last ?name/.test(t)) return ['lastName'];
  if (/nombre|first ?name/.test(t)) return ['firstName'];
  return [];
}

function flatErrors(errors: ApiFailure['errors'] | string[] | undefined): string[] {
  if (!errors) return [];
  if (Array.isArray(errors)) return errors.map(String);
  return Object.entries(errors).flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((m) => `${m}`).map((m) => (fieldsFor(m).length ? m : `${k}: ${m}`)));
}

export function serverFieldErrors(err: ApiFailure | null, count: number): FieldErrors[] {
  const out: FieldErrors[] = Array.from({ length: count }, () => ({}));
  if (!err) return out;
  const put = (i: number, msg: string) => fieldsFor(msg).forEach((f) => (out[i][f] ??= msg));
  if (err.attendeeErrors) {
    Object.entries(err.attendeeErrors).forEach(([k, msgs]) => {
      const i = Number(k);
      if (i < count) msgs.forEach((m) => put(i, m));
    });
  }
  const flat = flatErrors(err.errors);
  if (!err.attendeeErrors && !flat.length && err.message) flat.push(err.message);
  for (let i = 0; i < count; i++) flat.forEach((m) => put(i, m));
  return out;
}

function ErrorBox({ error, count }: { error: ApiFailure; count: number }) {
  const ae = error.attendeeErrors;
  const flat = flatErrors(error.errors);
  let body;
  if (ae && Object.keys(ae).length) {
    body = Object.entries(ae).map(([k, msgs]) => (
      <div key={k}>
        <strong>{count === 1 ? 'Errores:' : k === '0' ? 'Primera Persona:' : 'Acompañante:'}</strong>
        <ul>
          {msgs.map((m, i) => (
            <li key={i}>{m}</li>
          ))}
        </ul>
      </div>
    ));
  } else if (error.message) body = <p>{error.message}</p>;
  else if (flat.length) body = <ul>{flat.map((m, i) => <li key={i}>{m}</li>)}</ul>;
  else if (error.title) body = <p>{error.title}</p>;
  else body = <p>Error inesperado. Por favor, inténtalo de nuevo.</p>;
  return (
    <div className="error-box" role="alert">
      <strong>Error de registro:</strong>
      {body}
    </div>
  );
}

export function RegistrationForm({ session, attendees, loading, error, onSubmit }: Props) {
  const [values, setValues] = useState<AttendeeValues[]>(() => Array.from({ length: attendees }, () => ({ ...EMPTY_ATTENDEE })));
  const [errors, setErrors] = useState<FieldErrors[]>(() => Array.from({ length: attendees }, () => ({})));
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState('');
  const [shownError, setShownError] = useState<ApiFailure | null>(null);

  // A new server error replaces the field errors with its mapping.
  if (error !== shownError) {
    setShownError(error);
    if (error) setErrors((prev) => serverFieldErrors(error, attendees).map((e, i) => ({ ...prev[i], ...e })));
  }

  const change = (i: number, f: Field, v: string) => {
    setValues((prev) => prev.map((a, j) => (j === i ? { ...a, [f]: v } : a)));
    setErrors((prev) => prev.map((e, j) => (j === i ? { ...e, [f]: undefined } : e)));
  };

  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    const found = values.map(validate);
    setErrors(found);
    const consentOk = consent;
    setConsentError(consentOk ? '' : 'Debe aceptar la política de privacidad para continuar');
    if (!consentOk || found.some((e) => Object.keys(e).length)) return;
    const regs = values.map((a) => ({
      eventSessionId: session.id,
      firstName: a.firstName.trim(),
      lastName: a.lastName.trim(),
      email: a.email.trim(),
      confirmEmail: a.confirmEmail.trim(),
      userTaxId: a.userTaxId.trim(),
      telephoneNumber: a.telephoneNumber.trim() || null,
      gdprConsent: true,
    }));
    onSubmit(regs, values.map((a) => `${a.firstName} ${a.lastName}`.trim()));
  };

  const free = Math.max(0, session.availableSpots);
  const queued = queueRoom(session) > 0 && attendees > free ? (attendees === 2 && free === 0 ? 2 : 1) : 0;

  return (
    <form className="reg-form" onSubmit={submit} noValidate>
      <h2>{attendees === 2 ? 'Registrarse para este evento (1 persona + acompañante)' : 'Registrarse para este evento'}</h2>
      {queued > 0 && (
        <p className="banner-queue" role="status">
          {queued === 2 ? 'Ambas personas serán añadidas a la lista de espera.' : 'Una persona será añadida a la lista de espera.'}
        </p>
      )}
      {values.map((v, i) => (
        <AttendeeForm
          key={i}
          index={i}
          title={attendees === 2 ? (i === 0 ? 'Primera Persona' : 'Acompañante') : undefined}
          values={v}
          errors={errors[i] ?? {}}
          onChange={(f, val) => change(i, f, val)}
        />
      ))}
      <div className="field check">
        <input
          id="consent"
          type="checkbox"
          checked={consent}
          aria-invalid={!!consentError}
          aria-describedby={consentError ? 'consent-err' : undefined}
          onChange={(e) => {
            setConsent(e.target.checked);
            setConsentError('');
          }}
        />
        <label htmlFor="consent">
          He leído y acepto la{' '}
          <a href="/privacy-policy.html" target="_blank" rel="noopener noreferrer">
            política de privacidad
          </a>{' '}
          *
        </label>
        {consentError && (
          <p className="field-error" id="consent-err" role="alert">
            {consentError}
          </p>
        )}
      </div>
      <div aria-live="assertive">{error && <ErrorBox error={error} count={attendees} />}</div>
      <button type="submit" disabled={loading}>
        {loading ? 'Registrando...' : attendees === 2 ? 'Registrar Ambas Personas' : 'Registrarse Ahora'}
      </button>
    </form>
  );
}
