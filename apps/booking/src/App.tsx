import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RegistrationRequest, Session, TicketHoldResponse } from '@evreg/contracts';
import { ApiError, createHold, expireHold, fetchEvent, fetchSessions, register, type ApiFailure } from './api';
import { ensureToken, getToken, lastSelection, selectSession } from './storage';
import { EventCard } from './components/EventCard';
import { SessionSelect } from './components/SessionSelect';
import { Countdown } from './components/Countdown';
import { RegistrationForm } from './components/RegistrationForm';
import { ResultView } from './components/ResultView';
import { isFull } from './logic/format';
import { forcedSingle as fitsOnlyOne } from './logic/form-rules';

const STALE = 60_000; // docs/product.md §9: kept for 60 seconds

/** Query string: eventId, attendees (2 means two; a value of 1 is removed from the address). */
function readParams(): { eventId: number | null; attendees: 1 | 2 } {
  const url = new URL(window.location.href);
  const raw = url.searchParams.get('attendees');
  if (raw === '1') {
    url.searchParams.delete('attendees');
    window.history.replaceState(null, '', url.pathname + url.search + url.hash);
  }
  const id = Number(url.searchParams.get('eventId'));
  return { eventId: Number.isInteger(id) && id > 0 ? id : null, attendees: raw === '2' ? 2 : 1 };
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function App() {
  const [{ eventId, attendees }] = useState(readParams);
  const qc = useQueryClient();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [hold, setHold] = useState<TicketHoldResponse | null>(null);
  const [holdLoading, setHoldLoading] = useState(false);
  const [holdError, setHoldError] = useState('');
  const [expired, setExpired] = useState(false);
  const [names, setNames] = useState<string[]>([]);
  const holdSeq = useRef(0);

  const eventQ = useQuery({
    queryKey: ['event', eventId],
    queryFn: () => fetchEvent(eventId!),
    enabled: eventId !== null,
    staleTime: STALE,
    retry: false,
  });
  const sessionsQ = useQuery({
    queryKey: ['sessions', eventId],
    queryFn: () => fetchSessions(eventId!, getToken()),
    enabled: eventId !== null,
    staleTime: STALE,
    retry: false,
  });
  const reg = useMutation({
    mutationFn: ({ regs }: { regs: RegistrationRequest[]; names: string[] }) =>
      register(regs[0].eventSessionId, regs, getToken()).catch((e: unknown) => {
        throw e instanceof ApiError ? e : new ApiError({ message: 'Registration failed' });
      }),
    onSuccess: (_r, vars) => {
      setNames(vars.names);
      setHold(null);
      void qc.invalidateQueries({ queryKey: ['sessions', eventId] });
    },
  });

  const sessions = sessionsQ.data ?? [];
  const session = sessions.find((s) => s.id === selectedId) ?? null;
  const event = eventQ.data;

  const choose = (s: Session, fresh: boolean) => {
    if (eventId === null) return;
    const last = lastSelection();
    const token =
      fresh || last.eventId !== eventId || last.sessionId !== s.id ? selectSession(eventId, s.id) : ensureToken();
    setSelectedId(s.id);
    reg.reset();
    setHold(null);
    setHoldError('');
    setExpired(false);
    const seq = ++holdSeq.current;
    if (s.availableSpots <= 0 || !s.isRegistrationOpen || event?.status !== 'Live') return;
    setHoldLoading(true);
    createHold(s.id, token, Math.min(attendees, s.availableSpots))
      .then((h) => {
        if (seq !== holdSeq.current) return;
        if (h.success && h.expiresAt) setHold(h);
        else setHoldError(`Error al reservar plaza: ${h.message || 'Error inesperado'}`);
      })
      .catch((e: unknown) => {
        if (seq !== holdSeq.current) return;
        const msg = e instanceof ApiError ? e.payload.message : '';
        setHoldError(`Error al reservar plaza: ${msg || 'Error inesperado'}`);
      })
      .finally(() => seq === holdSeq.current && setHoldLoading(false));
  };

  // After load, with nothing selected: the first session with free places.
  useEffect(() => {
    if (selectedId !== null || !event || !sessionsQ.data) return;
    const first = sessionsQ.data.find((s) => s.availableSpots > 0);
    // Choosing starts the hold (a request): an effect of the sessions arriving, not something to derive in render.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (first) choose(first, false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [event, sessionsQ.data, selectedId]);

  if (eventId === null)
    return (
      <Shell>
        <p className="notice">Evento no encontrado. Verifica la URL.</p>
      </Shell>
    );
  if (eventQ.isPending)
    return (
      <Shell>
        <p className="notice" role="status">
          Cargando evento...
        </p>
      </Shell>
    );
  if (eventQ.isError)
    return (
      <Shell>
        <p className="error-box" role="alert">
          Error al cargar evento: {message(eventQ.error)}
        </p>
      </Shell>
    );
  if (!event)
    return (
      <Shell>
        <p className="notice">Evento no encontrado. Verifica la URL.</p>
      </Shell>
    );

  // Stable per failure (the payload object), so the form maps it to fields once.
  const regError: ApiFailure | null = reg.error instanceof ApiError ? reg.error.payload : null;
  const forcedSingle = !!session && fitsOnlyOne(session, attendees);
  const people: 1 | 2 = forcedSingle ? 1 : attendees;

  let form;
  if (!session && sessions.length && sessions.every((s) => !s.isRegistrationOpen))
    form = <p className="state">Inscripciones Cerradas</p>;
  else if (!session && sessions.length && sessions.every((s) => !s.isRegistrationOpen || isFull(s)))
    form = <p className="state">Evento Completo</p>;
  else if (!session) form = <p className="state">Selecciona una fecha</p>;
  else if (event.status !== 'Live') form = <p className="state">Este evento no admite inscripciones</p>;
  else if (reg.isSuccess) form = <ResultView response={reg.data} names={names} />;
  else if (!session.isRegistrationOpen) form = <p className="state">Inscripciones Cerradas</p>;
  else if (isFull(session)) form = <p className="state">Evento Completo</p>;
  else if (expired)
    form = (
      <div className="state" role="alert">
        <p>Tiempo Agotado</p>
        <p className="small">Tu reserva ha caducado. Recarga la página para volver a intentarlo.</p>
      </div>
    );
  else
    form = (
      <>
        {forcedSingle && (
          <p className="notice">Solo queda sitio para una persona: el formulario admite una única inscripción.</p>
        )}
        <RegistrationForm
          key={`${session.id}-${people}`}
          session={session}
          attendees={people}
          loading={reg.isPending}
          error={regError}
          onSubmit={(regs, n) => reg.mutate({ regs, names: n })}
        />
      </>
    );

  return (
    <Shell>
      <EventCard event={event} session={session}>
        {sessionsQ.isPending ? (
          <p className="notice" role="status">
            Cargando horarios disponibles...
          </p>
        ) : sessionsQ.isError ? (
          <p className="error-box" role="alert">
            {message(sessionsQ.error)}
          </p>
        ) : (
          <SessionSelect sessions={sessions} selectedId={selectedId} onSelect={(s) => choose(s, true)} />
        )}
        {holdLoading && (
          <p className="small" role="status">
            Reservando plaza...
          </p>
        )}
        {holdError && (
          <p className="error-box" role="alert">
            {holdError}
          </p>
        )}
        {hold?.expiresAt && !reg.isSuccess && (
          <Countdown
            expiresAt={hold.expiresAt}
            onExpire={() => {
              void expireHold(getToken());
              setExpired(true);
            }}
          />
        )}
      </EventCard>
      <section className="card card-body" aria-label="Inscripción">
        {form}
      </section>
    </Shell>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  return <main className="page">{children}</main>;
}
