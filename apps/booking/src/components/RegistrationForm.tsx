import { useRef, useState, type FormEvent } from 'react';
import type { PublicEvent, RegistrationRequest, Session } from '@evreg/contracts';
import type { Draft } from '../storage';
import { Organizer } from './EventCard';
import {
  consentRequired,
  EMPTY_ATTENDEE,
  errorBoxContent,
  peopleQueued,
  serverFieldErrors,
  validateAttendee,
  type ApiFailure,
  type AttendeeValues,
  type Field,
  type FieldErrors,
} from '../logic/form-rules';
import { language, splitTag, t } from '../i18n';
import { AttendeeForm } from './AttendeeForm';

interface Props {
  session: Session;
  attendees: 1 | 2;
  loading: boolean;
  error: ApiFailure | null;
  event: PublicEvent;
  /** What this tab had typed (restored after a refresh), and where to keep what is typed now. */
  draft: Draft | null;
  onDraft: (draft: Draft) => void;
  onSubmit: (regs: RegistrationRequest[], names: string[]) => void;
}

function ErrorBox({ error, count }: { error: ApiFailure; count: number }) {
  const content = errorBoxContent(error, count);
  return (
    <div className="error-box" role="alert">
      <strong>{t('form.errorTitle')}</strong>
      {content.kind === 'people' &&
        content.groups.map((g) => (
          <div key={g.heading}>
            <strong>{g.heading}</strong>
            <ul>
              {g.messages.map((m, i) => (
                <li key={i}>{m}</li>
              ))}
            </ul>
          </div>
        ))}
      {content.kind === 'list' && (
        <ul>
          {content.messages.map((m, i) => (
            <li key={i}>{m}</li>
          ))}
        </ul>
      )}
      {content.kind === 'text' && <p>{content.text}</p>}
    </div>
  );
}

/** The privacy policy in the visitor's language: privacy-policy.html in Spanish, privacy-policy.<language>.html in
 * the others (public/). */
const policyHref = () => (language() === 'es' ? '/privacy-policy.html' : `/privacy-policy.${language()}.html`);

export function RegistrationForm({ session, attendees, loading, error, event, draft, onDraft, onSubmit }: Props) {
  const [values, setValues] = useState<AttendeeValues[]>(() =>
    Array.from({ length: attendees }, (_, i) => ({ ...EMPTY_ATTENDEE, ...draft?.values[i] })),
  );
  const [errors, setErrors] = useState<FieldErrors[]>(() => Array.from({ length: attendees }, () => ({})));
  const [consent, setConsent] = useState(!!draft?.consent);
  const [consentError, setConsentError] = useState('');
  const [shownError, setShownError] = useState<ApiFailure | null>(null);
  const [summary, setSummary] = useState('');
  const formRef = useRef<HTMLFormElement>(null);

  // A new server error replaces the field errors with its mapping.
  if (error !== shownError) {
    setShownError(error);
    if (error) setErrors((prev) => serverFieldErrors(error, attendees).map((e, i) => ({ ...prev[i], ...e })));
  }

  const change = (i: number, f: Field, v: string) => {
    const next = values.map((a, j) => (j === i ? { ...a, [f]: v } : a));
    setValues(next);
    onDraft({ values: next, consent });
    setErrors((prev) => prev.map((e, j) => (j === i ? { ...e, [f]: undefined } : e)));
  };

  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    const found = values.map(validateAttendee);
    setErrors(found);
    const consentOk = consent;
    setConsentError(consentOk ? '' : consentRequired());
    const count = found.reduce((n, e) => n + Object.keys(e).length, 0) + (consentOk ? 0 : 1);
    // One short announcement instead of every message at once; the messages themselves are read with each
    // field (aria-describedby), starting with the first one, which gets the focus.
    setSummary(count ? t('form.errorsSummary', { count }) : '');
    if (count) {
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
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
    onSubmit(
      regs,
      values.map((a) => `${a.firstName} ${a.lastName}`.trim()),
    );
  };

  const queued = peopleQueued(session, attendees);
  const [consentBefore, consentLink, consentAfter] = splitTag(t('form.consent'), 'link');

  return (
    <form className="reg-form" onSubmit={submit} noValidate ref={formRef} aria-busy={loading}>
      <h2>{t(attendees === 2 ? 'form.headingTwo' : 'form.heading')}</h2>
      {queued > 0 && (
        <p className="banner-queue" role="status">
          {t('form.queued', { count: queued })}
        </p>
      )}
      {values.map((v, i) => (
        <AttendeeForm
          key={i}
          index={i}
          title={attendees === 2 ? t(i === 0 ? 'form.firstPerson' : 'form.companion') : undefined}
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
            onDraft({ values, consent: e.target.checked });
            setConsentError('');
          }}
        />
        <label htmlFor="consent">
          {consentBefore}
          <a href={policyHref()} target="_blank" rel="noopener noreferrer">
            {consentLink}
          </a>
          {consentAfter} *
        </label>
        {event.organizerName && (
          <p className="small controller">
            {t('form.controller')} <Organizer event={event} />
          </p>
        )}
        {consentError && (
          <p className="field-error" id="consent-err">
            {consentError}
          </p>
        )}
      </div>
      <p className="sr-only" aria-live="polite">
        {summary}
      </p>
      {error && <ErrorBox error={error} count={attendees} />}
      <button type="submit" disabled={loading}>
        {t(loading ? 'form.submitting' : attendees === 2 ? 'form.submitTwo' : 'form.submit')}
      </button>
    </form>
  );
}
