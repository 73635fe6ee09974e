import { Fragment } from 'react';
import type { PublicEvent, RegistrationResponse, Session } from '@evreg/contracts';
import { language, splitTag, t } from '../i18n';
import { calendarLinks } from '../logic/format';
import { eventAddress, MapLink, sessionDates } from './EventCard';

/** A person's ticket: the QR image made by the server (no QR library in this bundle) and the code in text, to read
 * out at the door. */
export function Ticket({ code, who }: { code: string; who: string }) {
  return (
    <figure className="ticket">
      <img
        src={`/api/tickets/${encodeURIComponent(code)}/qr.png`}
        alt={t('ticket.alt', { name: who })}
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
      <h2>{t('result.title')}</h2>
      <ul>
        {results.map((r, i) => {
          const who = names[i] || t(i === 0 ? 'result.firstPerson' : 'result.companion');
          return (
            <li key={i}>
              <strong>{who}</strong>:{' '}
              {r.queued
                ? r.queuePosition
                  ? t('result.queuedAt', { position: r.queuePosition })
                  : t('result.queued')
                : t('result.confirmed')}
              {r.ticketCode && <Ticket code={r.ticketCode} who={who} />}
            </li>
          );
        })}
      </ul>
      <dl className="facts">
        {response.reference && (
          <>
            <dt>{t('result.reference')}</dt>
            <dd>
              <strong>{response.reference}</strong>
            </dd>
          </>
        )}
        <dt>{t('card.date')}</dt>
        <dd>{sessionDates(session)}</dd>
        {place && (
          <>
            <dt>{t('card.place')}</dt>
            <dd>
              {place} {address && <MapLink address={address} />}
            </dd>
          </>
        )}
      </dl>
      {[...new Set(emails)].map((e) => {
        const [before, address, after] = splitTag(t('result.emailSent', { email: e }), 'strong');
        return (
          <p key={e}>
            {before}
            <strong>{address}</strong>
            {after}
          </p>
        );
      })}
      {seated && session.startsAt && session.endsAt && (
        <p className="links">
          {t('result.calendar')}{' '}
          <a href={`/api/events/sessions/${session.id}/calendar.ics?lang=${language()}`} download>
            {t('result.ics')}
          </a>
          {calendarLinks({
            title: event.title,
            startsAt: session.startsAt,
            endsAt: session.endsAt,
            details: response.reference ? t('result.referenceDetails', { reference: response.reference }) : '',
            location: place,
          }).map(([name, url]) => (
            <Fragment key={name}>
              {' · '}
              <a href={url} target="_blank" rel="noopener noreferrer">
                {name}
              </a>
            </Fragment>
          ))}
        </p>
      )}
      <p className="small">{t('result.howToCancel')}</p>
      <button type="button" className="link" onClick={onAnother}>
        {t('result.another')}
      </button>
    </section>
  );
}
