import type { PublicEvent, RegistrationResponse, Session } from '@evreg/contracts';
import { googleCalendarUrl } from '../logic/format';
import { eventAddress, MapLink, sessionDates } from './EventCard';

/** A person's ticket: the QR image made by the server (no QR library in this bundle) and the code in text, to read
 * out at the door. */
export function Ticket({ code, who }: { code: string; who: string }) {
  return (
    <figure className="ticket">
      <img
        src={`/api/tickets/${encodeURIComponent(code)}/qr.png`}
        alt={`Código QR de la entrada de ${who}`}
        width={174}
        height={174}
      />
      <figcaption>
        <code>{code}</code>
      </figcaption>
    </figure>
  );
}

interface Props {
  response: RegistrationResponse;
  names: string[];
  emails: string[];
  event: PublicEvent;
  session: Session;
  onAnother: () => void;
}

/** The confirmation: who got a seat and who waits (neutral wording), the reference, where the e-mails went, the
 * date and place again, each seated person's ticket (QR and code), add to calendar, and how to cancel or change. Kept in the tab (storage.ts), so a refresh
 * shows it again. */
export function ResultView({ response, names, emails, event, session, onAnother }: Props) {
  const results = response.results ?? [];
  const seated = results.some((r) => !r.queued);
  const address = eventAddress(event);
  const place = [event.place, address].filter(Boolean).join(', ');
  return (
    <section className="result" aria-live="polite" role="status">
      <h2>¡Proceso Completado!</h2>
      <ul>
        {results.map((r, i) => {
          const who = names[i] || (i === 0 ? 'Primera persona' : 'Acompañante');
          return (
            <li key={i}>
              <strong>{who}</strong>:{' '}
              {r.queued
                ? `en lista de espera${r.queuePosition ? ` (posición ${r.queuePosition})` : ''}`
                : 'inscripción confirmada'}
              {r.ticketCode && <Ticket code={r.ticketCode} who={who} />}
            </li>
          );
        })}
      </ul>
      <dl className="facts">
        {response.reference && (
          <>
            <dt>Referencia</dt>
            <dd>
              <strong>{response.reference}</strong>
            </dd>
          </>
        )}
        <dt>Fecha</dt>
        <dd>{sessionDates(session)}</dd>
        {place && (
          <>
            <dt>Lugar</dt>
            <dd>
              {place} {address && <MapLink address={address} />}
            </dd>
          </>
        )}
      </dl>
      {[...new Set(emails)].map((e) => (
        <p key={e}>
          Te hemos enviado un correo a <strong>{e}</strong>.
        </p>
      ))}
      {seated && session.startsAt && session.endsAt && (
        <p className="links">
          Añadir al calendario:{' '}
          <a href={`/api/events/sessions/${session.id}/calendar.ics`} download>
            archivo .ics
          </a>{' '}
          ·{' '}
          <a
            href={googleCalendarUrl({
              title: event.title,
              startsAt: session.startsAt,
              endsAt: session.endsAt,
              details: response.reference ? `Referencia: ${response.reference}` : '',
              location: place,
            })}
            target="_blank"
            rel="noopener noreferrer"
          >
            Google Calendar
          </a>
        </p>
      )}
      <p className="small">Para cancelar o cambiar de fecha, usa el enlace «Cancelar inscripción» del correo.</p>
      <button type="button" className="link" onClick={onAnother}>
        Hacer otra inscripción
      </button>
    </section>
  );
}
