import DOMPurify from 'dompurify';
import { useMemo, type ReactNode } from 'react';
import {
  DESCRIPTION_ALLOWED_ATTRIBUTES,
  DESCRIPTION_ALLOWED_TAGS,
  type PublicEvent,
  type Session,
} from '@evreg/contracts';
import { formatDate, formatTime, hasWaitingList, imageSrc } from '../logic/format';

interface Props {
  event: PublicEvent;
  session: Session | null;
  /** Session selector (or its loading text) and countdown, placed by the caller. */
  children?: ReactNode;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const BADGE: Record<string, string> = { Live: 'badge live', Draft: 'badge draft', Cancelled: 'badge cancelled' };

export function EventCard({ event, session, children }: Props) {
  const description = useMemo(
    () =>
      DOMPurify.sanitize(event.description ?? '', {
        ALLOWED_TAGS: [...DESCRIPTION_ALLOWED_TAGS],
        ALLOWED_ATTR: [...DESCRIPTION_ALLOWED_ATTRIBUTES],
      }),
    [event.description],
  );
  const address = [event.address, event.city, event.country].filter(Boolean).join(', ');
  const banner = imageSrc(event.imageUrl, import.meta.env.VITE_IMAGE_BASE_URL);

  return (
    <article className="card">
      {banner && <img className="banner" src={banner} alt="" />}
      <div className="card-body">
        <div className="title-row">
          <h1>{event.title}</h1>
          <span className={BADGE[event.status] ?? 'badge'}>{event.statusText || event.status}</span>
        </div>
        {children}
        {session && (
          <dl className="facts">
            <dt>Fecha</dt>
            <dd>
              {formatDate(session.startDate)}
              {session.isAllDay
                ? ' (todo el día)'
                : `, ${formatTime(session.startTime)} - ${formatTime(session.endTime)}`}
            </dd>
            <dt>Aforo</dt>
            <dd>
              {plural(session.maxAttendees - session.reservedSpots, 'plaza', 'plazas')} ·{' '}
              {plural(Math.max(0, session.availableSpots), 'disponible', 'disponibles')}
              {hasWaitingList(session) && (
                <strong className="warn"> Evento completo - Lista de espera disponible</strong>
              )}
            </dd>
          </dl>
        )}
        {address && (
          <p className="address">
            {event.place && <>{event.place} · </>}
            {address}
          </p>
        )}
        <div className="description" dangerouslySetInnerHTML={{ __html: description }} />
      </div>
    </article>
  );
}
