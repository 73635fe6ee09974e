import type { DOMPurify } from 'dompurify';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  DESCRIPTION_ALLOWED_ATTRIBUTES,
  DESCRIPTION_ALLOWED_TAGS,
  type PublicEvent,
  type Session,
} from '@evreg/contracts';
import {
  countryName,
  formatDate,
  formatTime,
  hasWaitingList,
  imageSrc,
  mapUrl,
  priceText,
  websiteUrl,
} from '../logic/format';
import { t } from '../i18n';

interface Props {
  event: PublicEvent;
  session: Session | null;
  /** Session selector (or its loading text) and countdown, placed by the caller. */
  children?: ReactNode;
}

const STATUS: Record<string, 'status.Live' | 'status.Draft' | 'status.Cancelled'> = {
  Live: 'status.Live',
  Draft: 'status.Draft',
  Cancelled: 'status.Cancelled',
};
const BADGE: Record<string, string> = { Live: 'badge live', Draft: 'badge draft', Cancelled: 'badge cancelled' };

let purifier: DOMPurify | null = null;
let purifierLoad: Promise<DOMPurify> | null = null;
/** DOMPurify (which cleans the description) is a chunk of its own that only the booking page downloads: the entry
 * is shared with the cancellation page, which shows no description (docs/booking.md, "Size"). main.tsx asks for it
 * at once, alongside the language, so it has usually arrived before the event. */
export function loadPurifier(): Promise<DOMPurify> {
  purifierLoad ??= import('dompurify').then(
    (m) => (purifier = m.default),
    (e: unknown) => {
      purifierLoad = null; // a lost connection: asked again on the next render
      throw e;
    },
  );
  return purifierLoad;
}

/** The description's HTML once DOMPurify has cleaned it; nothing until then (never the raw HTML). */
function useCleanDescription(html: string): string {
  // DOMPurify is a function itself: wrapped, so React keeps it rather than calling it.
  const [ready, setReady] = useState(() => purifier);
  useEffect(() => {
    if (ready) return;
    let live = true;
    loadPurifier().then(
      (p) => live && setReady(() => p),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [ready]);
  return useMemo(
    () =>
      ready
        ? ready.sanitize(html, {
            ALLOWED_TAGS: [...DESCRIPTION_ALLOWED_TAGS],
            ALLOWED_ATTR: [...DESCRIPTION_ALLOWED_ATTRIBUTES],
          })
        : '',
    [ready, html],
  );
}

export function EventCard({ event, session, children }: Props) {
  const description = useCleanDescription(event.description ?? '');
  const address = eventAddress(event);
  const banner = imageSrc(event.imageUrl, import.meta.env.VITE_IMAGE_BASE_URL);
  // A banner that doesn't load is hidden, not a broken-image box.
  const [broken, setBroken] = useState(false);

  return (
    <article className="card">
      {banner && !broken && <img className="banner" src={banner} alt="" onError={() => setBroken(true)} />}
      <div className="card-body">
        <div className="title-row">
          <h1>{event.title}</h1>
          <span className={BADGE[event.status] ?? 'badge'}>
            {STATUS[event.status] ? t(STATUS[event.status]) : event.statusText}
          </span>
        </div>
        {children}
        <dl className="facts">
          {session && (
            <>
              <dt>{t('card.date')}</dt>
              <dd>{sessionDates(session)}</dd>
              <dt>{t('card.capacity')}</dt>
              <dd>
                {t('card.places', { count: session.maxAttendees - session.reservedSpots })} ·{' '}
                {t('card.available', { count: Math.max(0, session.availableSpots) })}
                {hasWaitingList(session) && <strong className="warn"> {t('card.waitingList')}</strong>}
              </dd>
            </>
          )}
          <dt>{t('card.price')}</dt>
          <dd>{priceText(event.price)}</dd>
          {address && (
            <>
              <dt>{t('card.place')}</dt>
              <dd className="address">
                {event.place && <>{event.place} · </>}
                {address} <MapLink address={address} />
              </dd>
            </>
          )}
          {event.organizerName && (
            <>
              <dt>{t('card.organizer')}</dt>
              <dd>
                <Organizer event={event} />
              </dd>
            </>
          )}
        </dl>
        <div className="description" dangerouslySetInnerHTML={{ __html: description }} />
      </div>
    </article>
  );
}

/** Address, postal code and city, country in the visitor's language. */
export const eventAddress = (e: PublicEvent) =>
  [e.address, [e.postalCode, e.city].filter(Boolean).join(' '), countryName(e.country)].filter(Boolean).join(', ');

export const sessionDates = (s: Session) =>
  formatDate(s.startDate) +
  (s.isAllDay ? ` ${t('card.allDay')}` : `, ${formatTime(s.startTime)} - ${formatTime(s.endTime)}`);

export const MapLink = ({ address }: { address: string }) => (
  <a href={mapUrl(address)} target="_blank" rel="noopener noreferrer">
    {t('card.directions')}
    <span className="sr-only"> {t('card.directionsHint')}</span>
  </a>
);

/** The organiser (the data controller, as the privacy text says) and how to reach them. */
export function Organizer({ event }: { event: PublicEvent }) {
  const web = websiteUrl(event.organizerWebsite);
  return (
    <span className="organizer">
      {event.organizerName}
      {event.organizerEmail && (
        <>
          {' · '}
          <a href={`mailto:${event.organizerEmail}`}>{event.organizerEmail}</a>
        </>
      )}
      {event.organizerPhone && (
        <>
          {' · '}
          <a href={`tel:${event.organizerPhone.replace(/[^+\d]/g, '')}`}>{event.organizerPhone}</a>
        </>
      )}
      {web && (
        <>
          {' · '}
          <a href={web} target="_blank" rel="noopener noreferrer">
            {web.replace(/^https?:\/\//i, '').replace(/\/$/, '')}
          </a>
        </>
      )}
    </span>
  );
}
